import { useSiteStore } from '@gota/shared/store';
import { SiteDialog } from './site-dialog';
import styles from './placeholder.module.css';

/** The company dialog (SPEC §2), opened by the '¿quieres sumarte?' buttons of the allies and about pages. Its form comes later. */
export function CompanyDialog() {
  const open = useSiteStore((state) => state.empresaForm);
  const setEmpresaForm = useSiteStore((state) => state.setEmpresaForm);

  return (
    <SiteDialog
      open={open}
      onOpenChange={setEmpresaForm}
      title="Súmate como empresa"
      description="Cuéntanos sobre tu empresa y cómo quiere participar en el cuidado del agua."
      maxWidth={1400}
    >
      <p className={styles.notice}>Muy pronto podrás enviarnos tus datos desde aquí.</p>
    </SiteDialog>
  );
}

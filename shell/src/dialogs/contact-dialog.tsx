import { useSiteStore } from '@gota/shared/store';
import { SiteDialog } from './site-dialog';
import styles from './placeholder.module.css';

/** The contact registration dialog (SPEC §2), opened by CONTÁCTANOS and the hero's call to action. Its form comes later. */
export function ContactDialog() {
  const open = useSiteStore((state) => state.contactForm);
  const setContactForm = useSiteStore((state) => state.setContactForm);

  return (
    <SiteDialog
      open={open}
      onOpenChange={setContactForm}
      title="Contáctanos"
      description="Déjanos tu nombre y tu correo y te contaremos cómo sumarte al movimiento Gota a Gota."
      maxWidth={1200}
    >
      <p className={styles.notice}>Muy pronto podrás enviarnos tus datos desde aquí.</p>
    </SiteDialog>
  );
}

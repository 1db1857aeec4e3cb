import { useRef, useState } from 'react';
import { logoUrlOf, mediaApi, mediaLimits, type MediaImage } from '@gota/shared/contracts';
import { http } from '@gota/shared/http';
import { FieldFrame, VisuallyHidden } from '@gota/shared/ui';
import { FilePicker, PickerButton } from '../editor/file-picker';
import { mediaForm, uploadFailure } from '../editor/image-field';
import styles from './allies-panel.module.css';

interface LogoFieldProps {
  id: string;
  /** The organisation's name: the preview's text and the button's. */
  name: string;
  value: string;
  onValueChange: (address: string) => void;
  error?: string | undefined;
}

/** What the file picker offers; the server judges the file by its content, whatever its name says. */
const accepted = 'image/svg+xml,image/png,image/jpeg,image/webp,.svg,.png,.jpg,.jpeg,.webp';

/**
 * An organisation's logo (decision 060): chosen with the file picker and sent to `/api/media` as a logo, where an SVG
 * is checked and drawn as pixels; the server's refusal (a program, an SVG with code or outside files, too heavy) is
 * shown under the field in its own words. The field keeps the address of the logo's widest WebP.
 */
export function LogoField({ id, name, value, onValueChange, error }: LogoFieldProps) {
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const picker = useRef<HTMLInputElement>(null);

  async function send(file: File) {
    setProblem(null);
    setStatus('');
    // the logo is shown beside the organisation's name, which says what it is
    const form = mediaForm(file, { uso: 'logo', decorative: 'true' });
    if (typeof form === 'string') return setProblem(form);
    setSending(true);
    try {
      const answer = await http.post<MediaImage>(mediaApi.upload, form);
      onValueChange(logoUrlOf(answer.data) ?? '');
      setStatus('Logotipo subido. Se publica al guardar.');
    } catch (failed) {
      setProblem(uploadFailure(failed));
    } finally {
      setSending(false);
      if (picker.current) picker.current.value = '';
    }
  }

  return (
    <FieldFrame
      id={id}
      label="Logotipo"
      hint={`SVG, PNG, JPEG o WebP, hasta ${mediaLimits.bytes / 1024 / 1024} MB. Un SVG se convierte en imagen.`}
      error={problem ?? error}
    >
      <div className={styles.logoField}>
        {value ? (
          <img className={styles.logoPreview} src={value} alt={`Logotipo actual de ${name || 'la organización'}`} />
        ) : (
          <span className={styles.logoPreview}>Sin logotipo</span>
        )}
        <FilePicker ref={picker} id={id} accept={accepted} problem={problem ?? error} onFile={(file) => void send(file)} />
        <PickerButton picker={picker} busy={sending} describedBy={`${id}-hint`}>
          {value ? 'Cambiar logotipo' : 'Subir logotipo'}
          <VisuallyHidden> de {name || 'la organización'}</VisuallyHidden>
        </PickerButton>
        <p role="status" className={styles.status}>
          {sending ? 'Subiendo el logotipo…' : problem ? `No se pudo: ${problem}` : status}
        </p>
      </div>
    </FieldFrame>
  );
}

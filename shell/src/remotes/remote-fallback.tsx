import { Button } from '@gota/shared/ui';
import styles from './remote-fallback.module.css';

interface Props {
  /** Human name of the section, for the message. */
  section: string;
  onRetry: () => void;
}

/** What a visitor sees when a section cannot load or breaks: the chrome around it keeps working. */
export function RemoteFallback({ section, onRetry }: Props) {
  return (
    <div className={styles.fallback} role="alert">
      <h1 className={styles.title}>No pudimos cargar {section}</h1>
      <p>Esta sección no está disponible en este momento. El resto del sitio sigue funcionando.</p>
      <Button shape="pill" variant="filled" onClick={onRetry}>
        Reintentar
      </Button>
    </div>
  );
}

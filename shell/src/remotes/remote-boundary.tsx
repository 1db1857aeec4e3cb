import { Component, type ErrorInfo, type ReactNode } from 'react';
import styles from './remote-boundary.module.css';

interface Props {
  /** Human name of the section, for the message. */
  section: string;
  onRetry: () => void;
  children: ReactNode;
}

/** What a visitor sees when a section cannot load: the chrome around it keeps working. */
export function RemoteFallback({ section, onRetry }: Omit<Props, 'children'>) {
  return (
    <div className={styles.fallback} role="alert">
      <h1 className={styles.title}>No pudimos cargar {section}</h1>
      <p>Esta sección no está disponible en este momento. El resto del sitio sigue funcionando.</p>
      <button type="button" className={styles.retry} onClick={onRetry}>
        Reintentar
      </button>
    </div>
  );
}

/** Catches a remote that fails to load or to render, so one section can never blank the page. */
export class RemoteBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`[federación] La sección «${this.props.section}» falló.`, error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.failed) {
      return (
        <RemoteFallback
          section={this.props.section}
          onRetry={() => {
            this.setState({ failed: false });
            this.props.onRetry();
          }}
        />
      );
    }
    return this.props.children;
  }
}

import { Component, Suspense, type ReactNode } from 'react';

interface Props {
  /** Shown while the widget loads and, when it fails, instead of it. */
  fallback: ReactNode;
  children: ReactNode;
}

/** Keeps the home page whole when another team's widget cannot load: its fallback takes the widget's place. */
export class WidgetBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('[federación] Un widget de la página de inicio no se pudo cargar.', error);
  }

  override render() {
    if (this.state.failed) return this.props.fallback;
    return <Suspense fallback={this.props.fallback}>{this.props.children}</Suspense>;
  }
}

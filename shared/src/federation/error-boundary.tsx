import { Component, type ErrorInfo, type ReactNode } from 'react';

export interface ErrorBoundaryProps {
  /** Rendered instead of the children once they have thrown (`null`: nothing). */
  failed: ReactNode;
  /** Told of the error, with React's component stack on it. */
  onError: (error: unknown) => void;
  children: ReactNode;
}

/**
 * Keeps a part that throws while rendering (a federated module, a chrome part whose code could not load) inside its
 * place: the rest of the page stays. Give it a new `key` to try again.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { error: boolean }> {
  override state = { error: false };

  static getDerivedStateFromError() {
    return { error: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    this.props.onError(
      Object.assign(error instanceof Error ? error : new Error(String(error)), { componentStack: info.componentStack }),
    );
  }

  override render() {
    return this.state.error ? this.props.failed : this.props.children;
  }
}

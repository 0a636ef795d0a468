import { Component, type ErrorInfo, type ReactNode } from 'react';

type Props = { fallback?: ReactNode; children?: ReactNode };
type State = { failed: boolean };

/** Keeps a broken inbox from taking the host page down: renders `fallback` (default nothing). */
export class InboxErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Forecourt inbox failed to render', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? (this.props.fallback ?? null) : this.props.children;
  }
}

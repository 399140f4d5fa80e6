import { Component, type ErrorInfo, type ReactNode } from 'react';
import { logError } from '@/shared/errorLog/errorLog';

interface Props {
  /** What to show instead of the failed part; `retry` renders the children again. */
  fallback: (retry: () => void) => ReactNode;
  children: ReactNode;
}

/** Keeps a failing page from blanking the whole shell, and records the failure in the error log. */
export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    logError({ message: error.message, stack: error.stack ?? info.componentStack ?? undefined });
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(() => this.setState({ failed: false })) : this.props.children;
  }
}

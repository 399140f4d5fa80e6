import { Component, type ErrorInfo, type ReactNode } from 'react';
import { logError } from '@/shared/errorLog/errorLog';

interface Props {
  /** What to show instead of the failed part; `retry` renders the children again. */
  fallback: (retry: () => void, error: unknown) => ReactNode;
  /** When this changes (the page's address, say), a failed part is rendered again. */
  resetKey?: unknown;
  children: ReactNode;
}

/** A failure caught but not yet tied to the key it happened under. */
const UNTIED = Symbol('untied');

interface State {
  failure: { error: unknown; resetKey: unknown } | null;
}

/** Keeps a failing page from blanking the whole shell, and records the failure in the error log. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failure: null };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { failure: { error, resetKey: UNTIED } };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (!state.failure) return null;
    // the failure is tied to the key it happened under; a new key renders the children again
    if (state.failure.resetKey === UNTIED) return { failure: { ...state.failure, resetKey: props.resetKey } };
    return state.failure.resetKey === props.resetKey ? null : { failure: null };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    logError({ message: error.message, stack: error.stack ?? info.componentStack ?? undefined });
  }

  override render(): ReactNode {
    const { failure } = this.state;
    return failure ? this.props.fallback(() => this.setState({ failure: null }), failure.error) : this.props.children;
  }
}

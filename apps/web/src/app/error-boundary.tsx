import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';

type State = { error: Error | null };

/** Catches a rendering failure anywhere below it (03 section 2.1). */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Rendering failed', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div
        role="alert"
        className="flex min-h-[60vh] flex-col items-center justify-center gap-4 p-6 text-center"
      >
        <h1 className="text-2xl font-semibold">Something went wrong</h1>
        <p className="max-w-lg text-muted-foreground">{this.state.error.message}</p>
        <Button onClick={() => this.setState({ error: null })}>Try Again</Button>
      </div>
    );
  }
}

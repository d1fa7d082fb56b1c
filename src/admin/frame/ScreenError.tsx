/** A screen that throws while drawing (or whose chunk fails to load) shows the 500 screen, not a blank page. */
import { Component, type ReactNode } from 'react';
import { ErrorScreen } from './ErrorScreen.tsx';

export class ScreenError extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <ErrorScreen code={500} /> : this.props.children;
  }
}

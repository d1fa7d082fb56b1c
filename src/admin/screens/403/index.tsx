/** The 403 screen (a constant route: shown without signing in too), under the bare header with the user menu. */
import { ErrorScreen } from '../../shell/ErrorScreen.tsx';
import { StandaloneFrame } from '../../shell/StandaloneFrame.tsx';

export default function Screen403() {
  return (
    <StandaloneFrame>
      <ErrorScreen code={403} />
    </StandaloneFrame>
  );
}

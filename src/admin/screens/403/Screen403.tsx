/** The 403 screen (a constant route: shown without signing in too), under the bare header with the user menu. */
import { ErrorScreen } from '../../frame/ErrorScreen.tsx';
import { StandaloneFrame } from '../../frame/StandaloneFrame.tsx';

export default function Screen403() {
  return (
    <StandaloneFrame>
      <ErrorScreen code={403} />
    </StandaloneFrame>
  );
}

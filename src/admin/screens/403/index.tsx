/** The 403 screen (a constant route: shown without signing in too). */
import { ErrorScreen } from '../../shell/ErrorScreen.tsx';

export default function Screen403() {
  return <ErrorScreen code={403} />;
}

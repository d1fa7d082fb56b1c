/** The 404 screen (a constant route: shown without signing in too). */
import { ErrorScreen } from '../../shell/ErrorScreen.tsx';

export default function Screen404() {
  return <ErrorScreen code={404} />;
}

/** The 500 screen (a constant route: shown without signing in too). */
import { ErrorScreen } from '../../shell/ErrorScreen.tsx';

export default function Screen500() {
  return <ErrorScreen code={500} />;
}

/**
 * PLACEHOLDER: the order-detail screen is built next (back office part 1, its own helper). It exists so
 * the route, menu, tabs and its lazy chunk work today.
 */
import { Placeholder } from '../../shell/Placeholder.tsx';

export default function Screen() {
  return <Placeholder />;
}

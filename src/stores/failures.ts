/** How the pages tell failed loads apart (islands/LoadFailure.tsx, the page scripts' error states). */
import { isApiError, isUnreachable } from '../client/errors.ts';

export { isUnreachableCode } from '../client/errors.ts';

/** True when `error` is a call that never got an answer (offline, DNS, a timeout): the network-error state. */
export function unreachable(error: unknown): boolean {
  return isApiError(error) && isUnreachable(error);
}

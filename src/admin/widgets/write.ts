/**
 * How every back-office write ends, whichever screen runs it: `write(work)` runs the write and
 * what follows its success, and answers whether it all went through (it never throws).
 *
 * - A refusal of the API (an ApiError) was reported by the HTTP layer already (its toast, or the
 *   modal logout; docs/api.md "Codes"): it is handed to `onRefused` only for what the screen does
 *   beyond that (the server's field errors beside their fields, a stale-version notice).
 * - Any other failure (a bug in what follows the write, a failure the HTTP layer never saw) is
 *   reported here, as the generic error message, and logged.
 *
 * So no failure goes unreported and none is reported twice.
 */
import { App } from 'antd';
import { useCallback } from 'react';
import { isApiError, type ApiError } from '../../client/http.ts';
import { useT } from '../i18n.tsx';

export type Write = (work: () => Promise<unknown>, onRefused?: (error: ApiError) => void) => Promise<boolean>;

export function useWrite(): Write {
  const { t } = useT();
  const { message } = App.useApp();
  return useCallback<Write>(
    async (work, onRefused) => {
      try {
        await work();
        return true;
      } catch (error) {
        if (isApiError(error)) {
          onRefused?.(error);
        } else {
          console.error(error);
          void message.error(t('admin.errors.generic'));
        }
        return false;
      }
    },
    [message, t],
  );
}

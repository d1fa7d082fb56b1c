/** The ApiError a client call fails with; any other error is rethrown, and succeeding is a failure. */
import { ApiError } from '../../src/client/http.ts';

export async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

/**
 * Retries `check` until it passes or `timeoutMs` runs out (then its last failure is thrown): on
 * PostgreSQL a change notification reaches the listening connection a moment after the commit,
 * so what it drops is dropped a moment later too.
 */
export async function eventually(check: () => Promise<void>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

/**
 * Runs `check` until it returns without throwing, and gives back what it returned. Work the app
 * does after answering (the e-mail outbox, LISTEN/NOTIFY) lands a little later, so a test waits
 * for it this way. When `timeoutMs` has passed the check's last error is thrown as it is: the
 * report then shows the assertion that never came true, not a bare timeout.
 */
export async function eventually<T>(check: () => T | Promise<T>, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

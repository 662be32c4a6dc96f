/**
 * The Rate Limiting binding counts in fixed windows aligned to the wall clock (Miniflare:
 * `floor(now / period)`). A burst that straddles a boundary starts over halfway, so a test
 * that counts on one window runs its burst again (with a fresh client) when it straddled one.
 * Returns the result of the last attempt, which the caller asserts on.
 */
export async function inOneWindow<T>(periodSeconds: number, attempt: () => Promise<T>, tries = 3): Promise<T> {
  const windowNow = () => Math.floor(Date.now() / (periodSeconds * 1000));
  for (let i = 1; ; i += 1) {
    const started = windowNow();
    const result = await attempt();
    if (windowNow() === started || i >= tries) return result;
  }
}

/** Waits until the Rate Limiting binding's current window (aligned to the wall clock) has turned. */
export async function untilNextWindow(periodSeconds: number): Promise<void> {
  const period = periodSeconds * 1000;
  const turn = (Math.floor(Date.now() / period) + 1) * period;
  await new Promise((resolve) => setTimeout(resolve, turn - Date.now() + 20));
}

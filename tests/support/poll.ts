/**
 * Reads until `done` says the value is there or the deadline passes, then returns the last
 * value read, for the caller to assert on (so a timeout fails with what was actually seen).
 */
export async function pollUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  deadlineMs: number,
  everyMs = 250,
): Promise<T> {
  const end = Date.now() + deadlineMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/**
 * get-phone answers within its 1 s deadline; on a loaded run that answer can be the deadline's
 * `fallback` while the Durable Object's own answer (a lease, `default`, `withheld`) is still on
 * its way, and stored for the next ask. Asks again until the answer is not the deadline's, as a
 * page does on its next view; returns the last answer for the caller to assert on.
 */
export function pastPhoneDeadline<T extends { source: string }>(ask: () => Promise<T>): Promise<T> {
  return pollUntil(ask, (reply) => reply.source !== 'fallback', 15_000);
}

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

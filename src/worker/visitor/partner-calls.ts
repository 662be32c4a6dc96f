/**
 * Partner calls in flight for one visitor, by kind and key (memory only: an evicted object
 * forgets them, which costs at most one more call). A reload racing the first render of the
 * auto finish, or the island asking while the page is still waiting, must not pay a second call.
 */
export class PartnerCallsInFlight {
  private readonly calling = new Map<string, { until: number; wake: (() => void)[] }>();

  /** True when the caller should make the call `id`; false while another caller's claim (ttlMs) runs. */
  claim(id: string, ttlMs: number): boolean {
    const now = Date.now();
    const current = this.calling.get(id);
    if (current && current.until > now) return false;
    this.calling.set(id, { until: now + ttlMs, wake: current?.wake ?? [] });
    return true;
  }

  /** Waits at most timeoutMs for the claimed call `id` to end. */
  async wait(id: string, timeoutMs: number): Promise<void> {
    const call = this.calling.get(id);
    if (call && call.until > Date.now())
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(timeoutMs, call.until - Date.now()));
        call.wake.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
  }

  /** The claimed call ended (its answer remembered, or it failed): whoever waits for it goes on. */
  end(id: string): void {
    const call = this.calling.get(id);
    this.calling.delete(id);
    for (const wake of call?.wake ?? []) wake();
  }
}

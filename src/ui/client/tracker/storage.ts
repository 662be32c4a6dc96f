/**
 * Web storage that never throws: private modes, full quotas and blocked storage just make
 * the tracker forget, they never break the page.
 */
export function readJson(store: 'local' | 'session', key: string): unknown {
  try {
    const text = (store === 'local' ? localStorage : sessionStorage).getItem(key);
    return text === null ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

export function writeJson(store: 'local' | 'session', key: string, value: unknown): void {
  try {
    (store === 'local' ? localStorage : sessionStorage).setItem(key, JSON.stringify(value));
  } catch {
    // Storage unavailable or full: the value lives only as long as the page.
  }
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

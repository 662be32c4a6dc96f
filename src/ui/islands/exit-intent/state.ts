/**
 * Exit-intent memory (spec section 4): the time it was last shown under 'vue-exit-intent' and
 * an unsubscribe flag under 'vue-exit-intent-unsubscribed', in local storage, so it survives
 * pages and visits. It may trigger unless unsubscribed or inside the repeat window;
 * repeatAfterDays 0 means it shows once, ever.
 */
export const EXIT_INTENT_KEY = 'vue-exit-intent';
export const EXIT_INTENT_UNSUBSCRIBED_KEY = `${EXIT_INTENT_KEY}-unsubscribed`;
const DAY_MS = 24 * 60 * 60 * 1000;

export type ExitIntentStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function isUnsubscribed(storage: ExitIntentStorage): boolean {
  return storage.getItem(EXIT_INTENT_UNSUBSCRIBED_KEY) === 'true';
}

export function mayTrigger(storage: ExitIntentStorage, repeatAfterDays: number, now = Date.now()): boolean {
  if (isUnsubscribed(storage)) return false;
  const raw = storage.getItem(EXIT_INTENT_KEY);
  if (raw === null) return true;
  const shownAt = Number(raw);
  // Unreadable memory counts as "never shown": better one extra dialog than a silent funnel.
  if (!Number.isFinite(shownAt)) return true;
  if (repeatAfterDays <= 0) return false;
  return now - shownAt >= repeatAfterDays * DAY_MS;
}

/** On trigger: remember when it was shown. */
export function markShown(storage: ExitIntentStorage, now = Date.now()): void {
  storage.setItem(EXIT_INTENT_KEY, JSON.stringify(now));
}

/** Unsubscribe: never trigger again on this browser. */
export function unsubscribe(storage: ExitIntentStorage): void {
  storage.setItem(EXIT_INTENT_UNSUBSCRIBED_KEY, 'true');
}

/** Reset: forget the time shown and the unsubscribe flag. */
export function resetExitIntent(storage: ExitIntentStorage): void {
  storage.removeItem(EXIT_INTENT_KEY);
  storage.removeItem(EXIT_INTENT_UNSUBSCRIBED_KEY);
}

/** Local storage, or an in-memory stand-in where it is blocked (private modes). */
export function browserStorage(): ExitIntentStorage {
  try {
    const probe = '__exit_intent_probe__';
    localStorage.setItem(probe, '1');
    localStorage.removeItem(probe);
    return localStorage;
  } catch {
    const memory = new Map<string, string>();
    return {
      getItem: (k) => memory.get(k) ?? null,
      setItem: (k, v) => void memory.set(k, v),
      removeItem: (k) => void memory.delete(k),
    };
  }
}

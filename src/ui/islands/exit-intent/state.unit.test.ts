import { describe, expect, it } from 'vitest';
import {
  EXIT_INTENT_KEY,
  EXIT_INTENT_UNSUBSCRIBED_KEY,
  markShown,
  mayTrigger,
  resetExitIntent,
  unsubscribe,
  type ExitIntentStorage,
} from './state';

function memory(): ExitIntentStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}
const DAY = 24 * 60 * 60 * 1000;

describe('exit-intent memory (spec section 4)', () => {
  it('shows once by default (repeatAfterDays 0) and stores the time shown', () => {
    const s = memory();
    expect(mayTrigger(s, 0)).toBe(true);
    markShown(s, 1_000);
    expect(s.data.get(EXIT_INTENT_KEY)).toBe('1000');
    expect(mayTrigger(s, 0, 1_000 + 365 * DAY)).toBe(false);
  });

  it('shows again once the repeat window has elapsed', () => {
    const s = memory();
    markShown(s, 0);
    expect(mayTrigger(s, 7, 6 * DAY)).toBe(false);
    expect(mayTrigger(s, 7, 7 * DAY)).toBe(true);
  });

  it('unsubscribe stops it for good; reset clears the time and the flag', () => {
    const s = memory();
    unsubscribe(s);
    expect(s.data.get(EXIT_INTENT_UNSUBSCRIBED_KEY)).toBe('true');
    expect(mayTrigger(s, 7, 100 * DAY)).toBe(false);
    markShown(s, 0);
    resetExitIntent(s);
    expect(s.data.size).toBe(0);
    expect(mayTrigger(s, 0)).toBe(true);
  });
});

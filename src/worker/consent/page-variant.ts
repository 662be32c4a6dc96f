/**
 * What of the consent rules makes two otherwise identical rendered shells differ (src/worker/pages.ts
 * keys its shared-shell cache with it): the GPC signal (no tag manager or ad script) and the
 * TPMO disclaimer version in force (a rule change takes effect without a deploy).
 */
import { tpmoDisclaimerVersion } from '../../shared/consent';

/** `optedOut`: GPC now or earlier, or a do-not-sell request from this browser (opt-out.ts). */
export function shellVariant(optedOut: boolean, now: Date = new Date()): string {
  return `${optedOut ? 'gpc' : 'std'}:${tpmoDisclaimerVersion(now).version}`;
}

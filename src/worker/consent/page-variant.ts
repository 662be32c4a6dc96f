/**
 * What of issue 19 makes two otherwise identical rendered shells differ (src/worker/pages.ts
 * keys its shared-shell cache with it): the GPC signal (no tag manager or ad script) and the
 * TPMO disclaimer version in force (a rule change takes effect without a deploy).
 */
import { tpmoDisclaimerVersion } from '../../shared/consent';
import { gpcRequested } from './gpc';

export function shellVariant(request: Request, now: Date = new Date()): string {
  return `${gpcRequested(request) ? 'gpc' : 'std'}:${tpmoDisclaimerVersion(now).version}`;
}

import { CATALOG } from './catalog';
import { THRESHOLDS } from './thresholds';
import { defineCheck, hoursAgo, type HealthContext } from './types';

export interface AdConversionsRefused {
  platform: string;
  /** The platform's code and reason as the consumer stored it (never a message body or a value sent). */
  reason: string;
  count: number;
}

/**
 * Conversions that ended `failed` in the lookback, by platform and reason: a refusal the platform
 * called final (Google's code and reason, e.g. `INVALID_ARGUMENT: ...`), or a send that ran out of
 * retries. Counted by when the row last changed, so a conversion queued days ago and refused now
 * (Google's six-hour "too recent" retries) is seen.
 */
export async function adConversionsRefused(ctx: Pick<HealthContext, 'env' | 'now'>): Promise<AdConversionsRefused[]> {
  // ad_conversions is in the D1 database of its own (ADS_DB).
  const { results } = await ctx.env.ADS_DB.prepare(
    `SELECT platform, COALESCE(error, '') AS reason, COUNT(*) AS count FROM ad_conversions
     WHERE status = 'failed' AND COALESCE(updated_at, created_at) > ?
     GROUP BY platform, error ORDER BY count DESC, platform LIMIT 10`,
  )
    .bind(hoursAgo(ctx.now, THRESHOLDS.failedLookbackHours))
    .all<AdConversionsRefused>();
  return results;
}

/** A refusal for good is a request the platform will never accept as built: it costs every later conversion too. */
export const adConversionsCheck = defineCheck(CATALOG['ad-conversions:failed'], async (ctx) => {
  const refused = await adConversionsRefused(ctx);
  return [
    [
      'ad-conversions:failed',
      refused.length === 0,
      refused.length === 0
        ? `no conversion failed in ${THRESHOLDS.failedLookbackHours} h`
        : `failed in ${THRESHOLDS.failedLookbackHours} h: ${refused.map((r) => (r.reason ? `${r.platform} ${r.reason} (${r.count})` : `${r.platform} ${r.count}`)).join(', ')}`,
    ],
  ];
});

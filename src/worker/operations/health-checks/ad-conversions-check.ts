import { CATALOG } from './catalog';
import { THRESHOLDS } from './thresholds';
import { defineCheck, hoursAgo } from './types';

/** Conversions the ad platforms refused or never received after the retries (the row says `failed`). */
export const adConversionsCheck = defineCheck(CATALOG['ad-conversions:failed'], async ({ env, now }) => {
  const { results } = await env.DB.prepare(
    `SELECT platform, COUNT(*) AS n FROM ad_conversions WHERE status = 'failed' AND created_at > ? GROUP BY platform ORDER BY platform`,
  )
    .bind(hoursAgo(now, THRESHOLDS.failedLookbackHours))
    .all<{ platform: string; n: number }>();
  return [
    [
      'ad-conversions:failed',
      results.length === 0,
      results.length === 0
        ? `no conversion failed in ${THRESHOLDS.failedLookbackHours} h`
        : `failed in ${THRESHOLDS.failedLookbackHours} h: ${results.map((r) => `${r.platform} ${r.n}`).join(', ')}`,
    ],
  ];
});

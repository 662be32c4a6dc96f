import { CATALOG } from './catalog';
import { THRESHOLDS } from './thresholds';
import { defineCheck, type HealthContext } from './types';

/** D1's file size as D1 reports it after any statement (`meta.size_after`). */
export async function d1Figures({ env }: HealthContext) {
  const sizeBytes = (await env.DB.prepare(`SELECT 1`).run()).meta.size_after;
  const limitBytes = THRESHOLDS.d1LimitBytes;
  return { sizeBytes, limitBytes, share: sizeBytes / limitBytes };
}

export const d1SizeCheck = defineCheck(CATALOG['d1:size'], async (ctx) => {
  const { sizeBytes, limitBytes, share } = await d1Figures(ctx);
  return [
    [
      'd1:size',
      share < THRESHOLDS.d1AlertShare,
      `D1 holds ${(sizeBytes / 1e6).toFixed(1)} MB of ${limitBytes / 1e9} GB (${(share * 100).toFixed(1)} %, alert at ${THRESHOLDS.d1AlertShare * 100} %)`,
    ],
  ];
});

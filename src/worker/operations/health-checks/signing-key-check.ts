import { CATALOG } from './catalog';
import { THRESHOLDS } from './thresholds';
import { defineCheck, type HealthContext } from './types';

function kidOf(secret: string | undefined): string | null {
  try {
    const parsed: unknown = JSON.parse(secret ?? '');
    const kid = typeof parsed === 'object' && parsed !== null ? (parsed as { kid?: unknown }).kid : undefined;
    return typeof kid === 'string' ? kid : null;
  } catch {
    return null;
  }
}

export async function signingKeyFigures({ env, now }: HealthContext) {
  const kid = kidOf(env.LEAD_CERTIFICATE_KEY);
  const row = kid
    ? await env.DB.prepare(`SELECT first_used_at AS firstUsedAt FROM certificate_keys WHERE kid = ?`)
        .bind(kid)
        .first<{ firstUsedAt: string }>()
    : null;
  const firstUsedAt = row?.firstUsedAt ?? null;
  const ageDays = firstUsedAt ? Math.floor((now.getTime() - Date.parse(firstUsedAt)) / 86_400_000) : null;
  return { kid, firstUsedAt, ageDays };
}

export const signingKeyCheck = defineCheck(CATALOG['signing-key:age'], async (ctx) => {
  const { kid, ageDays } = await signingKeyFigures(ctx);
  return [
    [
      'signing-key:age',
      ageDays === null || ageDays < THRESHOLDS.signingKeyDays,
      ageDays === null
        ? `key ${kid ?? 'none'} has signed nothing yet`
        : `key ${kid ?? ''} first used ${ageDays} days ago`,
    ],
  ];
});

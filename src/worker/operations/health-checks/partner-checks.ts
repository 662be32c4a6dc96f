import { CATALOG } from './catalog';
import { THRESHOLDS } from './thresholds';
import { defineCheck, type HealthContext } from './types';

export interface PartnerView {
  partner: string;
  calls: number;
  errors: number;
  errorRate: number;
  meanMs: number;
  breakerOpened: number;
}

/** Each partner's calls in the window (paid partners, and both buyers: QuoteWizard and each Medicare company). */
export async function partnerViews(ctx: HealthContext): Promise<PartnerView[]> {
  const counters = await ctx.counters();
  const sum = (name: string, label: string) =>
    counters.filter((c) => c.name === name && c.label === label).reduce((n, c) => n + c.count, 0);
  const names = [
    ...new Set(counters.filter((c) => c.name.startsWith('partner.') || c.name === 'breaker.open').map((c) => c.label)),
  ];
  return names.sort().map((partner) => {
    const ok = sum('partner.ok', partner);
    const errors = sum('partner.error', partner);
    const calls = ok + errors;
    const ms = counters
      .filter((c) => c.label === partner && c.name.startsWith('partner.'))
      .reduce((n, c) => n + c.total, 0);
    return {
      partner,
      calls,
      errors,
      errorRate: calls ? errors / calls : 0,
      meanMs: calls ? Math.round(ms / calls) : 0,
      breakerOpened: sum('breaker.open', partner),
    };
  });
}

export const partnerErrorChecks = defineCheck(CATALOG['partner:<name>'], async (ctx) =>
  (await partnerViews(ctx)).map((p): [string, boolean, string] => [
    `partner:${p.partner}`,
    !(p.calls >= THRESHOLDS.partnerMinCalls && p.errorRate >= THRESHOLDS.partnerErrorRate),
    `${p.errors} of ${p.calls} calls failed in ${THRESHOLDS.windowMinutes} min`,
  ]),
);

export const breakerChecks = defineCheck(CATALOG['breaker:<name>'], async (ctx) =>
  (await partnerViews(ctx)).map((p): [string, boolean, string] => [
    `breaker:${p.partner}`,
    p.breakerOpened === 0,
    `circuit breaker opened ${p.breakerOpened} times in ${THRESHOLDS.windowMinutes} min`,
  ]),
);

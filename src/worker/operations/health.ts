import { redactText } from '../../shared/redact';
import { healthContext } from './health-checks/context';
import { buyerDeliveries, unsentDeliveries, type BuyerDeliveries } from './health-checks/delivery-checks';
import { adConversionsRefused, type AdConversionsRefused } from './health-checks/ad-conversions-check';
import { d1Figures, type D1Figures } from './health-checks/d1-check';
import { moneyToday, type MoneyToday } from './health-checks/money-figures';
import { partnerViews, type PartnerView } from './health-checks/partner-checks';
import { queueFigures } from './health-checks/queue-checks';
import { signingKeyFigures } from './health-checks/signing-key-check';
import { HEALTH_CHECKS } from './health-checks/table';
import { THRESHOLDS } from './health-checks/thresholds';
import type { CronRunView, HealthCheck, HealthEnv } from './health-checks/types';

/**
 * The health of a deployment as far as the Worker itself can know it: the table of checks
 * (health-checks/table.ts), each a small function with its id, threshold and runbook
 * (health-checks/catalog.ts, docs/on-call.md), run in turn. A summary is names and counts only
 * (it goes to the operator webhook). The figures behind them are returned too, for /ops/health.
 */
export { THRESHOLDS };
export type { CronRunView, HealthCheck, PartnerView, MoneyToday, BuyerDeliveries };

export interface HealthReport {
  environment: string;
  checkedAt: string;
  ok: boolean;
  checks: HealthCheck[];
  cron: CronRunView[];
  queues: {
    eventsAccepted: number;
    eventsConsumed: number;
    eventBacklog: number;
    eventsRefused: number;
    deadLettered: number;
    /** Conversions an ad platform refused (or never received) in the lookback, by platform and the platform's reason. */
    adConversionsFailed: AdConversionsRefused[];
    note: string;
  };
  deliveries: { buyers: BuyerDeliveries[]; unsent: { quotewizard: number; sellers: number } };
  money: MoneyToday;
  /** Each D1 database on its own (its limit is per database), the fullest at the top. */
  d1: D1Figures;
  partners: PartnerView[];
  signingKey: { kid: string | null; firstUsedAt: string | null; ageDays: number | null };
}

export async function healthReport(env: HealthEnv, now = new Date()): Promise<HealthReport> {
  const ctx = healthContext(env, now);
  const results = await Promise.all(
    HEALTH_CHECKS.map((check) =>
      check.run(ctx).catch(
        // A check that cannot read its figures is failing, not skipped: the page still renders.
        (error: unknown): HealthCheck[] => [
          {
            id: check.entry.id,
            ok: false,
            summary: `the check could not run: ${redactText(error instanceof Error ? error.message : String(error)).slice(0, 200)}`,
            runbook: check.entry.id,
          },
        ],
      ),
    ),
  );
  const checks = results.flat();
  const [cron, queues, adConversionsFailed, buyers, unsent, money, d1, partners, signingKey] = await Promise.all([
    ctx.cronRuns(),
    queueFigures(ctx),
    // Unreadable, the figure is empty: its check above already says it could not run.
    adConversionsRefused(ctx).catch(() => []),
    buyerDeliveries(ctx),
    unsentDeliveries(ctx),
    moneyToday(ctx),
    d1Figures(ctx),
    partnerViews(ctx),
    signingKeyFigures(ctx),
  ]);
  return {
    environment: env.ENVIRONMENT ?? 'development',
    checkedAt: now.toISOString(),
    ok: checks.every((c) => c.ok),
    checks,
    cron,
    queues: {
      ...queues,
      adConversionsFailed,
      note: `Counted by this Worker over the last ${THRESHOLDS.windowMinutes} minutes (the Queues dashboard has the platform's own backlog).`,
    },
    deliveries: { buyers, unsent },
    money,
    d1,
    partners,
    signingKey,
  };
}

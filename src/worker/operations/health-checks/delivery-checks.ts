import { CATALOG } from './catalog';
import { THRESHOLDS } from './thresholds';
import { defineCheck, hoursAgo, minutesAgo, type HealthContext } from './types';

/**
 * Lost money: a lead that reaches no buyer. QuoteWizard's delivery lives on the lead row
 * (`quotewizard_*`), each Medicare company's in `lead_deliveries` (kind `seller`). Each buyer is
 * red on a failed delivery in the lookback, a delivery waiting past the limit, or refusing
 * nearly every lead it answered; `unsent` rows (the queue refused the send) are their own check,
 * read after the five-minute re-queue ran.
 */
export interface BuyerDeliveries {
  buyer: string;
  failed: number;
  waiting: number;
  answered: number;
  rejected: number;
}

function windows(now: Date) {
  return {
    failedSince: hoursAgo(now, THRESHOLDS.failedLookbackHours),
    waitingBefore: minutesAgo(now, THRESHOLDS.leadDeliveryWaitMinutes),
    answeredSince: minutesAgo(now, THRESHOLDS.rejectWindowMinutes),
  };
}

async function quoteWizardDeliveries({ env, now }: HealthContext): Promise<BuyerDeliveries> {
  const w = windows(now);
  const row = await env.DB.prepare(
    `SELECT
       (SELECT COUNT(*) FROM leads WHERE quotewizard_status = 'failed' AND quotewizard_updated_at > ?1) AS failed,
       (SELECT COUNT(*) FROM leads WHERE quotewizard_status IN ('queued', 'retrying', 'sending') AND created_at < ?2) AS waiting,
       (SELECT COUNT(*) FROM leads WHERE quotewizard_status IN ('accepted', 'rejected') AND quotewizard_updated_at > ?3) AS answered,
       (SELECT COUNT(*) FROM leads WHERE quotewizard_status = 'rejected' AND quotewizard_updated_at > ?3) AS rejected`,
  )
    .bind(w.failedSince, w.waitingBefore, w.answeredSince)
    .first<Omit<BuyerDeliveries, 'buyer'>>();
  return { buyer: 'quotewizard', failed: 0, waiting: 0, answered: 0, rejected: 0, ...row };
}

async function sellerDeliveries({ env, now }: HealthContext): Promise<BuyerDeliveries[]> {
  const w = windows(now);
  const { results } = await env.DB.prepare(
    `SELECT recipient AS buyer,
       SUM(status = 'failed' AND updated_at > ?1) AS failed,
       SUM(status IN ('queued', 'retrying', 'sending') AND queued_at < ?2) AS waiting,
       SUM(status IN ('accepted', 'rejected') AND updated_at > ?3) AS answered,
       SUM(status = 'rejected' AND updated_at > ?3) AS rejected
     FROM lead_deliveries
     WHERE kind = 'seller' AND (updated_at > ?1 OR status IN ('queued', 'retrying', 'sending'))
     GROUP BY recipient ORDER BY recipient`,
  )
    .bind(w.failedSince, w.waitingBefore, w.answeredSince)
    .all<BuyerDeliveries>();
  return results;
}

function judge(id: string, d: BuyerDeliveries): [string, boolean, string] {
  const refusing = d.answered >= THRESHOLDS.rejectMinAnswers && d.rejected / d.answered >= THRESHOLDS.rejectShare;
  const ok = d.failed === 0 && d.waiting === 0 && !refusing;
  return [
    id,
    ok,
    `${d.failed} failed in ${THRESHOLDS.failedLookbackHours} h, ${d.waiting} waiting over ${THRESHOLDS.leadDeliveryWaitMinutes} min, ${d.rejected} of ${d.answered} refused in ${THRESHOLDS.rejectWindowMinutes} min`,
  ];
}

export const quoteWizardDeliveryCheck = defineCheck(CATALOG['delivery:quotewizard'], async (ctx) => [
  judge('delivery:quotewizard', await quoteWizardDeliveries(ctx)),
]);

export const sellerDeliveryChecks = defineCheck(CATALOG['delivery:seller:<company>'], async (ctx) =>
  (await sellerDeliveries(ctx)).map((d) => judge(`delivery:seller:${d.buyer}`, d)),
);

/** Rows the queue refused and the re-queue (lead-delivery/requeue-unsent.ts) could not send yet. */
export async function unsentDeliveries({ env }: HealthContext): Promise<{ quotewizard: number; sellers: number }> {
  const row = await env.DB.prepare(
    `SELECT (SELECT COUNT(*) FROM leads WHERE quotewizard_status = 'unsent') AS quotewizard,
            (SELECT COUNT(*) FROM lead_deliveries WHERE status = 'unsent') AS sellers`,
  ).first<{ quotewizard: number; sellers: number }>();
  return { quotewizard: row?.quotewizard ?? 0, sellers: row?.sellers ?? 0 };
}

export const unsentDeliveryCheck = defineCheck(CATALOG['delivery:unsent'], async (ctx) => {
  const unsent = await unsentDeliveries(ctx);
  return [
    [
      'delivery:unsent',
      unsent.quotewizard + unsent.sellers === 0,
      `${unsent.quotewizard} QuoteWizard and ${unsent.sellers} Medicare company deliveries refused by the queue and not yet re-sent`,
    ],
  ];
});

/** Both buyers, for the health page's figures. */
export async function buyerDeliveries(ctx: HealthContext): Promise<BuyerDeliveries[]> {
  return [await quoteWizardDeliveries(ctx), ...(await sellerDeliveries(ctx))];
}

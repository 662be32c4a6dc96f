import { reportError } from '../observability/report-error';
import { enqueueDelivery } from './deliver-lead';

/**
 * Deliveries the queue refused (`unsent`) go on the queue again, from the five-minute cron
 * (operations/cron.ts, task `lead-requeue`). Idempotent: each row is taken by one conditional
 * UPDATE (`unsent` to `queued`) before its message is sent, so two runs at once send it once; a
 * send the queue refuses again puts the row back to `unsent` for the next run. The consumer's
 * claim and final statuses make the partner call happen once whatever the queue repeats.
 */
const BATCH = 200;

type RequeueEnv = Pick<Env, 'DB' | 'LEAD_DELIVERY' | 'SENTRY_DSN' | 'ENVIRONMENT'>;

export interface RequeueOutcome {
  requeued: number;
  refused: number;
}

export async function requeueUnsent(env: RequeueEnv): Promise<RequeueOutcome> {
  const outcome: RequeueOutcome = { requeued: 0, refused: 0 };
  const [quoteWizard, sellers] = await Promise.all([
    env.DB.prepare(
      `SELECT visitor_id AS visitorId, form, submission_id AS submissionId FROM leads WHERE quotewizard_status = 'unsent' LIMIT ?`,
    )
      .bind(BATCH)
      .all<{ visitorId: string; form: string; submissionId: string }>(),
    env.DB.prepare(
      `SELECT lead_id AS leadId, recipient FROM lead_deliveries WHERE status = 'unsent' AND kind = 'seller' LIMIT ?`,
    )
      .bind(BATCH)
      .all<{ leadId: string; recipient: string }>(),
  ]);
  for (const row of quoteWizard.results) {
    // enqueueDelivery marks the row queued only from no status or `unsent`, and marks it back on a refused send.
    await enqueueDelivery(env, { v: 1, partner: 'quotewizard', ...row });
    const after = await env.DB.prepare(
      `SELECT quotewizard_status AS status FROM leads WHERE visitor_id = ? AND form = ? AND submission_id = ?`,
    )
      .bind(row.visitorId, row.form, row.submissionId)
      .first<{ status: string | null }>();
    if (after?.status === 'unsent') outcome.refused++;
    else outcome.requeued++;
  }
  for (const row of sellers.results) {
    const taken = await env.DB.prepare(
      `UPDATE lead_deliveries SET status = 'queued', error = NULL, updated_at = ? WHERE lead_id = ? AND recipient = ? AND status = 'unsent'`,
    )
      .bind(new Date().toISOString(), row.leadId, row.recipient)
      .run();
    if ((taken.meta.changes ?? 0) !== 1) continue;
    try {
      await env.LEAD_DELIVERY.send({ v: 1, partner: 'seller', ...row }, { contentType: 'json' });
      outcome.requeued++;
    } catch (error) {
      outcome.refused++;
      await reportError(env, error, { where: 'lead-delivery.requeue' });
      await env.DB.prepare(
        `UPDATE lead_deliveries SET status = 'unsent', error = 'queue refused the message', updated_at = ? WHERE lead_id = ? AND recipient = ? AND status = 'queued'`,
      )
        .bind(new Date().toISOString(), row.leadId, row.recipient)
        .run();
    }
  }
  return outcome;
}

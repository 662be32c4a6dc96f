import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  waitOnExecutionContext,
} from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { brandByCode } from '../../brands';
import worker from '../../src/worker/index';
import type { LeadDeliveryMessage } from '../../src/worker/lead-delivery';
import { flushMetrics, HEALTH_CRON } from '../../src/worker/operations';
import { finishAuto } from '../support/auto-funnel';
import { atHumanPace, consentPage, leadOf, medicareContactOf } from '../support/consent';
import { hiddenFieldsOf, submissionIdOf, submitStep, visitor, type Visitor } from '../support/funnel';
import { pollUntil } from '../support/poll';
import { freshIp, sandboxScope, type SandboxScope } from '../support/sandbox';
import { passedTurnstile } from '../support/turnstile';

/**
 * Lost money fails health within one health run and reaches the operator: QuoteWizard refusing
 * every lead, a Medicare company's lead router answering 5xx, the queue refusing a delivery. The
 * refused delivery stays in D1 as `unsent`, the five-minute cron sends it again once the queue
 * takes messages, and the company receives it once when its router is back. Incidents are per
 * check id: each test breaks checks of its own.
 */
type Health = {
  ok: boolean;
  checks: { id: string; ok: boolean; summary: string; runbook: string }[];
  partners: { partner: string; calls: number; errors: number }[];
  deliveries: { buyers: { buyer: string; failed: number }[]; unsent: { quotewizard: number; sellers: number } };
  money: { delivered: { buyer: string; leads: number }[] };
};

const seller = brandByCode('bh')?.consent.medicare?.sellers[0]?.id ?? '';

async function runCron(overrides: Partial<Env> = {}) {
  const ctx = createExecutionContext();
  const run = worker.scheduled(
    createScheduledController({ scheduledTime: Date.now(), cron: HEALTH_CRON }),
    { ...env, ...overrides },
    ctx,
  );
  const outcome = await Promise.resolve(run).then(
    () => null,
    (error: unknown) => error,
  );
  await waitOnExecutionContext(ctx);
  return outcome;
}

async function health(): Promise<Health> {
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request('http://bh.localhost/ops/health', {
      headers: { authorization: 'Bearer test-report-token', accept: 'application/json', 'cf-connecting-ip': freshIp() },
    }),
    env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response.json<Health>();
}

async function alertsFor(scope: SandboxScope, check: string) {
  return (await scope.calls('alerts')).filter((c) => (c.body as { check?: string } | null)?.check === check);
}

/** Delivers `message` through the Worker's queue handler as the platform would, as delivery number `attempts`. */
async function redeliver(message: LeadDeliveryMessage, attempts: number) {
  const batch = createMessageBatch('quote-funnel-leads', [
    { id: `redelivery-${crypto.randomUUID()}`, timestamp: new Date(), attempts, body: message },
  ]);
  await worker.queue(batch, env);
}

/** A LEAD_DELIVERY binding that refuses every send, as Queues does during an incident. */
const refusingQueue = {
  send: () => Promise.reject(new Error('Queue send failed: service unavailable (simulated)')),
  sendBatch: () => Promise.reject(new Error('Queue send failed: service unavailable (simulated)')),
} as unknown as Queue;

/** The Medicare funnel, its final submit served by a Worker whose delivery queue refuses the send. */
async function finishMedicareWhileQueueRefuses(v: Visitor, sellers: string[]) {
  await submitStep(v, '/get-yours-otc/zip', { zipcode: '33101' });
  await submitStep(v, '/get-yours-otc/medicare', { haveMedicare: '1' });
  await submitStep(v, '/get-yours-otc/medicaid', { haveMedicaid: '0' });
  await submitStep(v, '/get-yours-otc/name', { firstName: 'Ada', lastName: 'Lovelace' });
  const page = await consentPage(v, '/get-yours-otc/contact');
  await atHumanPace(v);
  const fields = {
    ...hiddenFieldsOf(page.raw),
    submissionId: submissionIdOf(page.raw),
    ...medicareContactOf(v),
    ...Object.fromEntries(sellers.map((id) => [`consentSeller:${id}`, 'yes'])),
    'cf-turnstile-response': passedTurnstile(v.origin, 'medicare'),
  };
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request(`${v.origin}/get-yours-otc/contact`, {
      method: 'POST',
      headers: {
        ...v.headers,
        'content-type': 'application/x-www-form-urlencoded',
        'x-dev-clock': '2025-06-10T18:00:00.000Z',
      },
      body: new URLSearchParams(fields).toString(),
      redirect: 'manual',
    }),
    { ...env, LEAD_DELIVERY: refusingQueue },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  expect(res.status).toBe(303);
}

async function sellerRow(leadId: string) {
  return env.DB.prepare(`SELECT status, error, attempts FROM lead_deliveries WHERE lead_id = ? AND recipient = ?`)
    .bind(leadId, seller)
    .first<{ status: string; error: string | null; attempts: number }>();
}

describe('lost money fails health and reaches the operator', () => {
  it('QuoteWizard refusing every lead: the lead ends failed, health fails in one run, the alert reaches the webhook', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const sb = sandboxScope();
    const hook = sandboxScope();
    await sb.set('quotewizard', 'error');
    const v = visitor('ps', { ip: sb.ip });
    await finishAuto(v);
    const row = await env.DB.prepare(`SELECT submission_id, form FROM leads WHERE visitor_id = ?`)
      .bind(v.id)
      .first<{ submission_id: string; form: string }>();
    expect(row).not.toBeNull();
    // The last delivery the queue allows: QuoteWizard still refuses, the row says failed.
    await redeliver(
      {
        v: 1,
        partner: 'quotewizard',
        visitorId: v.id,
        form: row?.form ?? 'auto',
        submissionId: row?.submission_id ?? '',
      },
      6,
    );
    await flushMetrics(env, true);

    expect(await runCron({ OPERATOR_ALERT_WEBHOOK_URL: `${hook.origin}/alerts/${hook.ip}` })).toBeNull();
    const report = await health();
    expect(report.checks.find((c) => c.id === 'delivery:quotewizard')).toMatchObject({
      ok: false,
      runbook: 'delivery:quotewizard',
    });
    expect(report.ok).toBe(false);
    // QuoteWizard is in the partner metrics, its failures counted.
    expect(report.partners.find((p) => p.partner === 'quotewizard')?.errors).toBeGreaterThan(0);
    const alerts = await alertsFor(hook, 'delivery:quotewizard');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.body).toMatchObject({ state: 'open', runbook: 'docs/on-call.md#delivery-quotewizard' });
    // Names and counts only: no contact value of the lead in the alert.
    expect(JSON.stringify(alerts[0]?.body)).not.toContain('example.com');
  });

  it('the queue refusing a Medicare delivery, then the router answering 5xx: each fails health in one run; the row is re-sent and delivered once when both are back', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const sb = sandboxScope();
    const hook = sandboxScope();
    const alertHook = { OPERATOR_ALERT_WEBHOOK_URL: `${hook.origin}/alerts/${hook.ip}` };
    await sb.set('sellers', 'error');
    const v = visitor('bh', { ip: sb.ip });
    await finishMedicareWhileQueueRefuses(v, [seller]);
    const lead = await leadOf(v.id);
    expect(await sellerRow(lead.id)).toMatchObject({ status: 'unsent', error: 'queue refused the message' });

    // The queue still refuses: the re-queue task fails, and health fails in this same run.
    const error = await runCron({ ...alertHook, LEAD_DELIVERY: refusingQueue });
    expect(String(error)).toMatch(/lead-requeue failed/);
    expect(await sellerRow(lead.id)).toMatchObject({ status: 'unsent' });
    expect((await health()).checks.find((c) => c.id === 'delivery:unsent')).toMatchObject({ ok: false });
    expect(await alertsFor(hook, 'delivery:unsent')).toHaveLength(1);

    // The queue is back, the company's router is not: the re-queued delivery fails through its retries.
    expect(await runCron(alertHook)).toBeNull();
    const retried = await pollUntil(
      () => sellerRow(lead.id),
      (r) => r?.status === 'retrying',
      15_000,
    );
    expect(retried?.status).toBe('retrying');
    await redeliver({ v: 1, partner: 'seller', leadId: lead.id, recipient: seller }, 6);
    expect(await sellerRow(lead.id)).toMatchObject({ status: 'failed' });
    await flushMetrics(env, true);
    expect(await runCron(alertHook)).toBeNull();
    const report = await health();
    expect(report.checks.find((c) => c.id === 'delivery:unsent')).toMatchObject({ ok: true });
    expect(report.checks.find((c) => c.id === `delivery:seller:${seller}`)).toMatchObject({ ok: false });
    expect(report.partners.find((p) => p.partner === `seller:${seller}`)?.errors).toBeGreaterThan(0);
    expect(await alertsFor(hook, `delivery:seller:${seller}`)).toHaveLength(1);
    // The queue incident is over: its all-clear went out once.
    expect((await alertsFor(hook, 'delivery:unsent')).map((a) => (a.body as { state: string }).state)).toEqual([
      'open',
      'resolved',
    ]);

    // The router is back; the runbook's fix puts the failed row back to unsent, and the cron sends it once.
    await sb.set('sellers', 'normal');
    const backAt = Date.now();
    await env.DB.prepare(
      `UPDATE lead_deliveries SET status = 'unsent' WHERE lead_id = ? AND recipient = ? AND status = 'failed'`,
    )
      .bind(lead.id, seller)
      .run();
    expect(await runCron(alertHook)).toBeNull();
    expect(await runCron(alertHook)).toBeNull();
    const delivered = await pollUntil(
      () => sellerRow(lead.id),
      (r) => r?.status === 'accepted',
      15_000,
    );
    expect(delivered?.status).toBe('accepted');
    const after = (await sb.calls('sellers')).filter((c) => c.path === `/${seller}/leads` && c.at >= backAt);
    expect(after).toHaveLength(1);
    expect((await health()).money.delivered).toContainEqual({ buyer: `seller:${seller}`, leads: 1 });
  });
});

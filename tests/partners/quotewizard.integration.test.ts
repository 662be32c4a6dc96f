import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import worker from '../../src/worker/index';
import { deliverOne, type LeadDeliveryMessage } from '../../src/worker/lead-delivery';
import type { QuoteWizardDeliveryMessage } from '../../src/worker/lead-delivery/message';
import { autoContactOf, finishAuto } from '../support/auto-funnel';
import { AUTO_ANSWERS } from '../support/auto-lead';
import { formDefinition, stepInputNames } from '../../src/shared/forms';
import { leadsOf, PERSON_USER_AGENT, submitStep, visitor, type Visitor } from '../support/funnel';
import { HONEYPOT_FIELD } from '../../src/shared/defence';
import { asIfTaken } from '../support/pace';
import { passedTurnstile } from '../support/turnstile';
import { sandboxScope, type SandboxScope } from '../support/sandbox';

/**
 * A completed auto lead reaches QuoteWizard once, through the
 * LEAD_DELIVERY queue, in the spec's mapping, and the answer is stored on the lead row.
 * The real queue delivers in the background; tests poll D1 and the sandbox's record.
 */
const WAIT = { timeout: 15_000, interval: 100 };

interface DeliveryRow {
  submission_id: string;
  quotewizard_status: string | null;
  quotewizard_id: string | null;
  quotewizard_error: string | null;
  quotewizard_attempts: number;
}

async function deliveryOf(visitorId: string): Promise<DeliveryRow | null> {
  return env.DB.prepare(
    'SELECT submission_id, quotewizard_status, quotewizard_id, quotewizard_error, quotewizard_attempts FROM leads WHERE visitor_id = ?',
  )
    .bind(visitorId)
    .first<DeliveryRow>();
}

async function finishMedicare(v: Visitor): Promise<void> {
  await submitStep(v, '/get-yours-otc/zip', { zipcode: '33101' });
  await submitStep(v, '/get-yours-otc/medicare', { haveMedicare: '1' });
  await submitStep(v, '/get-yours-otc/medicaid', { haveMedicaid: '0' });
  await submitStep(v, '/get-yours-otc/name', { firstName: 'Ada', lastName: 'Lovelace' });
  await asIfTaken(v);
  await submitStep(v, '/get-yours-otc/contact', { phone: '(305) 555-0182', email: 'ada@example.com' });
  expect(await leadsOf(v.id)).toHaveLength(1);
}

async function leadCalls(sb: SandboxScope) {
  return sb.calls('quotewizard', '/v1/leads/auto');
}

/**
 * The leads QuoteWizard received, each once: a delivery that timed out on a loaded machine is
 * retried with the same Idempotency-Key (the partner answers it once), so count leads, not attempts.
 */
async function leadsSent(sb: SandboxScope): Promise<string[]> {
  return [...new Set((await leadCalls(sb)).map((call) => (call.body as { external_id: string }).external_id))];
}

function messageFor(v: Visitor, submissionId: string, form = 'auto'): QuoteWizardDeliveryMessage {
  return { v: 1, partner: 'quotewizard', visitorId: v.id, form, submissionId };
}

/** Delivers `message` through the Worker's queue handler as the platform would (a redelivery). */
async function redeliver(message: LeadDeliveryMessage, attempts: number) {
  const batch = createMessageBatch('quote-funnel-leads', [
    { id: `redelivery-${crypto.randomUUID()}`, timestamp: new Date(), attempts, body: message },
  ]);
  const ctx = createExecutionContext();
  await worker.queue(batch, env);
  return getQueueResult(batch, ctx);
}

/** A person's browser (the Worker judges an HTTP client's agent a bot), tagged so the mapping's copy can be told. */
const QW_USER_AGENT = `${PERSON_USER_AGENT} qw-test/1.0`;

describe('QuoteWizard delivery of an auto lead', () => {
  it('finishing the auto funnel sends exactly one request in the spec mapping, and the answer is stored on the lead', async () => {
    const sb = sandboxScope();
    const v = visitor('ps', { ip: sb.ip, userAgent: QW_USER_AGENT });
    await finishAuto(v);
    await expect.poll(async () => (await deliveryOf(v.id))?.quotewizard_status, WAIT).toBe('accepted');
    const row = await deliveryOf(v.id);
    expect(row?.quotewizard_id).toMatch(/^QW-\d{8}$/);
    expect(row?.quotewizard_error).toBeNull();
    expect(row?.quotewizard_attempts).toBe(1);

    const calls = await leadCalls(sb);
    expect(calls).toHaveLength(1);
    const body = calls[0]?.body as Record<string, unknown>;
    // The spec's mapping: digits-only phone, non-married for widowed, 'true' military, lower-case insurer.
    expect(body).toMatchObject({
      zip: '60601',
      drivers: [
        {
          first_name: 'Grace',
          last_name: 'Hopper',
          email: autoContactOf(v).driver1Email,
          dob: '1966-12-09',
          address: '1 Main St',
          primary_phone: autoContactOf(v).digits,
          gender: 'female',
          own_or_rent: 'own',
          marital_status: 'non-married',
          credit_rating: 'good',
          military_experience: 'true',
        },
      ],
      coverage: { has_coverage: 'yes', former_insurer: 'state farm' },
      vehicles: [{ year: '2019', make: 'Toyota', model: 'Camry' }],
      // What a lead buyer needs beside the mapping: our id, the consumer's ip (TCPA) and consent proof.
      external_id: row?.submission_id,
      ip_address: v.ip,
      user_agent: QW_USER_AGENT,
      landing_page_url: 'http://ps.localhost/save-auto/contact',
      tcpa: { consented: true, disclosure_version: expect.any(String) },
    });
    expect((body.tcpa as { disclosure_sha256?: string }).disclosure_sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it("sends each driver's own military experience (spec section 7: drivers' military_experience), not driver 1's for all", async () => {
    const sb = sandboxScope();
    const v = visitor('ps', { ip: sb.ip });
    const { driver1Phone, driver1Email } = autoContactOf(v);
    const answers: Record<string, string> = {
      ...AUTO_ANSWERS,
      driver1Phone,
      driver1Email,
      driver2FirstName: 'Sam',
      driver2LastName: 'Hopper',
      driver2Relationship: 'spouse',
      driver2DobMonth: '1',
      driver2DobDay: '2',
      driver2DobYear: '1970',
      driver2LicenseStatus: 'active',
      driver2Sr22: '0',
      driver2CreditRating: 'good',
      driver2MilitaryAffiliation: '0',
    };
    const steps = formDefinition('auto').steps;
    for (const [index, step] of steps.entries()) {
      const form: Record<string, string> = {};
      for (const name of stepInputNames(step)) if (answers[name] !== undefined) form[name] = answers[name];
      if (step.group) form[`${step.group.prefix}s`] = step.group.prefix === 'driver' ? '2' : '1';
      const last = index === steps.length - 1;
      // The last step as a person's browser posts it: at a person's pace, with Turnstile's token.
      if (last) {
        await asIfTaken(v);
        form['cf-turnstile-response'] = passedTurnstile(v.origin, 'auto');
      }
      await submitStep(v, `/save-auto/${step.name}`, form);
    }
    await expect.poll(async () => (await leadCalls(sb)).length, WAIT).toBe(1);
    const body = (await leadCalls(sb))[0]?.body as { drivers: Record<string, unknown>[] };
    expect(body.drivers).toHaveLength(2);
    expect(body.drivers[0]).toMatchObject({ first_name: 'Grace', military_experience: 'true' });
    expect(body.drivers[1]).toMatchObject({ first_name: 'Sam', military_experience: 'false' });
  });

  it('a redelivered message, or two consumers holding the same one, never send the lead twice', async () => {
    const sb = sandboxScope();
    const v = visitor('ps', { ip: sb.ip });
    await finishAuto(v);
    const submissionId = (await leadsOf(v.id))[0]?.submission_id ?? '';
    const message = messageFor(v, submissionId);
    // Two more deliveries race the queue's own: one claim wins, the others wait or see it final.
    await Promise.all([deliverOne(env, message, 1), deliverOne(env, message, 1)]);
    await expect.poll(async () => (await deliveryOf(v.id))?.quotewizard_status, WAIT).toBe('accepted');
    // And a late redelivery of the same message is acknowledged without a call.
    const result = await redeliver(message, 2);
    expect(result.explicitAcks).toHaveLength(1);
    expect(result.retryMessages).toHaveLength(0);
    expect(await leadCalls(sb)).toHaveLength(1);
    expect((await deliveryOf(v.id))?.quotewizard_attempts).toBe(1);
  });

  it("a rejected lead is stored as rejected with the reason and QuoteWizard's id, and not retried", async () => {
    const sb = sandboxScope();
    await sb.set('quotewizard', 'reject');
    const v = visitor('ps', { ip: sb.ip });
    await finishAuto(v);
    await expect.poll(async () => (await deliveryOf(v.id))?.quotewizard_status, WAIT).toBe('rejected');
    const row = await deliveryOf(v.id);
    expect(row).toMatchObject({ quotewizard_error: 'No buyer for this lead in the zip code', quotewizard_attempts: 1 });
    expect(row?.quotewizard_id).toMatch(/^QW-/);
    const result = await redeliver(messageFor(v, row?.submission_id ?? ''), 2);
    expect(result.explicitAcks).toHaveLength(1);
    expect(await leadCalls(sb)).toHaveLength(1);
  });

  it('a timeout is stored on the lead and retried; after the last retry the lead says failed', async () => {
    const sb = sandboxScope();
    await sb.set('quotewizard', 'slow', 4000);
    const v = visitor('ps', { ip: sb.ip });
    await finishAuto(v);
    await expect.poll(async () => (await deliveryOf(v.id))?.quotewizard_status, WAIT).toBe('retrying');
    expect(await deliveryOf(v.id)).toMatchObject({ quotewizard_error: 'timeout', quotewizard_attempts: 1 });
    // The queue's retry comes later (backoff); the last delivery gives up and says why.
    const result = await redeliver(messageFor(v, (await deliveryOf(v.id))?.submission_id ?? ''), 6);
    expect(result.explicitAcks).toHaveLength(1);
    expect(await deliveryOf(v.id)).toMatchObject({
      quotewizard_status: 'failed',
      quotewizard_error: 'timeout (gave up after 6 attempts)',
      quotewizard_attempts: 2,
    });
  });

  it.each([
    ['error', 'http 503'],
    ['malformed', 'malformed'],
  ] as const)('a partner answering %s is retried with the failure stored', async (behaviour, stored) => {
    const sb = sandboxScope();
    await sb.set('quotewizard', behaviour);
    const v = visitor('ps', { ip: sb.ip });
    await finishAuto(v);
    await expect.poll(async () => (await deliveryOf(v.id))?.quotewizard_error, WAIT).toBe(stored);
    expect((await deliveryOf(v.id))?.quotewizard_status).toBe('retrying');
    // When the partner recovers, the retry delivers it.
    await sb.set('quotewizard', 'normal');
    const result = await redeliver(messageFor(v, (await deliveryOf(v.id))?.submission_id ?? ''), 2);
    expect(result.explicitAcks).toHaveLength(1);
    expect(await deliveryOf(v.id)).toMatchObject({ quotewizard_status: 'accepted', quotewizard_error: null });
  });
});

describe('leads that never go to QuoteWizard', () => {
  it('a Medicare finish sends no QuoteWizard request; forced through the consumer it stores the spec error', async () => {
    const sb = sandboxScope();
    const medicare = visitor('bh', { ip: sb.ip });
    await finishMedicare(medicare);
    // An auto lead from the same ip afterwards: once it is delivered, the queue has run past the Medicare lead.
    const auto = visitor('ps', { ip: sb.ip });
    await finishAuto(auto);
    await expect.poll(async () => (await deliveryOf(auto.id))?.quotewizard_status, WAIT).toBe('accepted');
    expect(await leadsSent(sb)).toEqual([(await leadsOf(auto.id))[0]?.submission_id]);
    expect((await deliveryOf(medicare.id))?.quotewizard_status).toBeNull();

    const medicareLead = (await leadsOf(medicare.id))[0];
    const result = await redeliver(messageFor(medicare, medicareLead?.submission_id ?? '', medicareLead?.form), 1);
    expect(result.explicitAcks).toHaveLength(1);
    expect(await deliveryOf(medicare.id)).toMatchObject({
      quotewizard_status: 'not_applicable',
      quotewizard_error: 'QuoteWizard schema not implemented for Medicare',
    });
    expect(await leadsSent(sb)).toHaveLength(1);
  });

  it('an auto lead of a brand whose QuoteWizard switch is off is not sent', async () => {
    const sb = sandboxScope();
    const off = visitor('ac', { ip: sb.ip });
    await finishAuto(off);
    const on = visitor('ps', { ip: sb.ip });
    await finishAuto(on);
    await expect.poll(async () => (await deliveryOf(on.id))?.quotewizard_status, WAIT).toBe('accepted');
    expect(await leadsSent(sb)).toHaveLength(1);
    expect((await deliveryOf(off.id))?.quotewizard_status).toBeNull();
    // Forced through the consumer, the switch is checked again there.
    await redeliver(messageFor(off, (await leadsOf(off.id))[0]?.submission_id ?? ''), 1);
    expect((await deliveryOf(off.id))?.quotewizard_status).toBe('disabled');
    expect(await leadsSent(sb)).toHaveLength(1);
  });

  it('a lead judged bot (the hidden honeypot filled in) is stored but never sent to QuoteWizard', async () => {
    const sb = sandboxScope();
    const bot = visitor('ps', { ip: sb.ip });
    await finishAuto(bot, '/save-auto', { [HONEYPOT_FIELD]: 'http://cheap-pills.example' });
    const person = visitor('ps', { ip: sb.ip });
    await finishAuto(person);
    await expect.poll(async () => (await deliveryOf(person.id))?.quotewizard_status, WAIT).toBe('accepted');
    const botLead = await env.DB.prepare('SELECT trust_verdict, quotewizard_status FROM leads WHERE visitor_id = ?')
      .bind(bot.id)
      .first<{ trust_verdict: string; quotewizard_status: string | null }>();
    expect(botLead).toEqual({ trust_verdict: 'bot', quotewizard_status: null });
    expect(await leadsSent(sb)).toHaveLength(1);
  });

  it('an unparseable delivery message is acknowledged, not retried forever', async () => {
    const batch = createMessageBatch('quote-funnel-leads', [
      { id: 'poison', timestamp: new Date(), attempts: 1, body: { hello: 'world' } },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks).toEqual(['poison']);
  });
});

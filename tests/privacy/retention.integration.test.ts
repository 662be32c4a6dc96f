import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import worker from '../../src/worker/index';
import { handleEventBatch } from '../../src/worker/queue/consumer';
import { batchOf, queuedAt } from '../archive/support';
import { finishMedicare, leadOf } from '../support/consent';
import { visitor } from '../support/funnel';
import { pollUntil } from '../support/poll';
import { recordingQueue } from '../support/recording-queue';
import { count, fingerprint, plainSha256, uniqueEmail, uniquePhone } from './support';

/**
 * Every store forgets on schedule: the daily cron run 100 days after a visit leaves no archive
 * object older than ARCHIVE_RETENTION_DAYS and no raw contact data (lead values, do-not-sell
 * requests, plain SHA-256 of a contact), while what may be kept stays: the lead's record with its
 * keyed fingerprints and certificate (moved to R2, as the lead is long past its delivery window),
 * a recent archive day, the do-not-sell request as fingerprints.
 */
const DAY = 86_400_000;

async function runCron(at: Date) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: at.getTime(), cron: '17 3 * * *' }), env, ctx);
  await waitOnExecutionContext(ctx);
}

async function archiveDays(): Promise<string[]> {
  const listed = await env.ARCHIVE.list({ prefix: 'events/dt=', delimiter: '/' });
  return listed.delimitedPrefixes.map((p) => /dt=(\d{4}-\d{2}-\d{2})/.exec(p)?.[1] ?? p).sort();
}

describe('retention run at +100 days', () => {
  it('no archive object older than the retention and no raw contact data; fingerprints, certificate and recent days stay', async () => {
    const retention = Number(env.ARCHIVE_RETENTION_DAYS);
    expect(retention).toBe(90);
    const phone = uniquePhone();
    const email = uniqueEmail();
    const v = visitor('bh');
    await finishMedicare(v, ['harbor-licensed-agents'], { phone, email });
    const lead = await leadOf(v.id);
    // The duplicate-lead key is a plain hash of the phone: needed for a day, then cleared.
    expect(await env.DB.prepare('SELECT phone_key FROM leads WHERE id = ?').bind(lead.id).first('phone_key')).toMatch(
      /^[0-9a-f]{64}$/,
    );
    // Written with keyed fingerprints only: no plain hash of the phone is ever stored.
    expect(lead.phone_sha256).toBeNull();
    // A do-not-sell request with the email, stored as the page stores it.
    const dns = await v.post('/do-not-sell', { email, phone: '' });
    expect(dns.status).toBe(303);
    await pollUntil(
      () => count(`SELECT COUNT(*) AS n FROM events WHERE anonymous_id = ? AND event = 'leadCreated'`, v.id),
      (n) => n === 1,
      15_000,
    );
    const run = new Date(Date.now() + 100 * DAY);
    // A day inside the retention at the run (10 days before it): archived, and must stay.
    const recent = new Date(run.getTime() - 10 * DAY).toISOString();
    const stored = await handleEventBatch(batchOf([queuedAt(recent, { anonymousId: 'anon-retention-recent' })]), {
      ...env,
      EVENTS_DLQ: recordingQueue().queue,
    });
    expect(stored.inserted).toBe(1);
    const today = new Date().toISOString().slice(0, 10);
    expect(await archiveDays()).toEqual(expect.arrayContaining([today, recent.slice(0, 10)]));

    await runCron(run);

    // R2: every day whose first hour is older than the retention is gone; the recent day is not.
    const oldest = new Date(run.getTime() - retention * DAY).toISOString().slice(0, 10);
    const days = await archiveDays();
    expect(days.filter((d) => d <= oldest)).toEqual([]);
    expect(days).toContain(recent.slice(0, 10));
    // D1: today's raw events were rolled up and pruned (the archive's copy went with its day).
    expect(await count(`SELECT COUNT(*) AS n FROM events WHERE anonymous_id = ?`, v.id)).toBe(0);

    // The lead has left D1 for R2: its record keeps the keyed fingerprints and the certificate; no
    // values, ip, user agent or plain hash, and its day keeps no personal object past retention.
    expect(await count('SELECT COUNT(*) AS n FROM leads WHERE id = ?', lead.id)).toBe(0);
    const record = await (
      await env.ARCHIVE.get(`leads/record/${lead.id}.json`)
    )?.json<{
      lead: Record<string, unknown>;
    }>();
    expect(record?.lead).toMatchObject({
      phone_fingerprint: await fingerprint('phone', phone),
      email_fingerprint: await fingerprint('email', email),
      certificate_id: lead.certificate_id,
    });
    for (const column of ['values', 'ip', 'user_agent', 'phone_key', 'phone_sha256', 'email_sha256'])
      expect(record?.lead, column).not.toHaveProperty(column);
    expect((await env.ARCHIVE.list({ prefix: 'leads/personal/' })).objects).toEqual([]);

    // The do-not-sell request: fingerprints only.
    const request = await env.DB.prepare('SELECT * FROM privacy_requests WHERE visitor_id = ?')
      .bind(v.id)
      .first<Record<string, unknown>>();
    expect(request).toMatchObject({
      email: null,
      phone: null,
      email_sha256: null,
      phone_sha256: null,
      email_fingerprint: await fingerprint('email', email),
    });

    // Nothing anywhere in D1 still holds the contact in clear or as a plain hash.
    const digits = phone.replace(/\D/g, '');
    const hashes = [await plainSha256(`+1${digits}`), await plainSha256(email)];
    for (const table of ['leads', 'privacy_requests', 'privacy_audit', 'lead_certificates']) {
      const rows = JSON.stringify((await env.DB.prepare(`SELECT * FROM ${table}`).all()).results);
      expect(rows, table).not.toContain(email);
      expect(rows, table).not.toContain(phone);
      if (table !== 'lead_certificates') for (const h of hashes) expect(rows, table).not.toContain(h);
    }

    for (const { key } of (await env.ARCHIVE.list({ prefix: 'leads/' })).objects) {
      const body = (await (await env.ARCHIVE.get(key))?.text()) ?? '';
      expect(body, key).not.toContain(email);
      expect(body, key).not.toContain(digits);
      for (const h of hashes) expect(body, key).not.toContain(h);
    }

    // The cron is repeatable: a second run changes nothing and fails nothing.
    await runCron(new Date(run.getTime() + 60_000));
    expect(await archiveDays()).toContain(recent.slice(0, 10));
  });
});

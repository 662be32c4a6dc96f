import { runInDurableObject, SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { visitor, type Visitor } from '../support/funnel';
import { pastPhoneDeadline } from '../support/poll';
import { sandboxScope } from '../support/sandbox';
import { passedTurnstile } from '../support/turnstile';

/**
 * The trust verdict on every lead, through the Worker: the Medicare funnel posted
 * as the island posts it, the verdict read from the lead's D1 row, its event and the visitor's
 * next get-phone. A person takes time between steps; tests that need a person's pace move the
 * visitor's first step back in time in its Durable Object instead of waiting.
 */
const PAGE = '/get-yours-otc';
const DEFAULT_DISPLAY = '1-800-555-0101';

/** A token as the sandbox's stand-in widget mints it on this page's final step (sandbox/turnstile.ts). */
function widgetToken(): string {
  return passedTurnstile('http://bh.localhost', 'medicare');
}

async function step(
  v: Visitor,
  name: string,
  values: Record<string, string | null>,
  extra: Record<string, unknown> = {},
  action: 'submit' | 'skip' = 'submit',
) {
  const res = await v.api({ submissionId: crypto.randomUUID(), page: PAGE, step: name, action, values, ...extra });
  expect(res.status, `${name}: ${res.status}`).toBe(200);
  return await res.json<{ completed: boolean }>();
}

/** The visitor's first step, `ms` ago: what a person's pace leaves in the Durable Object. */
async function startedAgo(v: Visitor, ms: number): Promise<void> {
  const stub = env.VISITOR.get(env.VISITOR.idFromName(v.key));
  await runInDurableObject(stub, (_instance, state) => {
    state.storage.sql.exec('UPDATE submissions SET at = at - ?', ms);
  });
}

interface Finish {
  phone?: string;
  email?: string;
  turnstileToken?: string;
  honeypot?: string;
  /** How long ago the first step was (a person's pace); 0 = as fast as the test runs. */
  startedMsAgo?: number;
}

async function finishMedicare(v: Visitor, f: Finish = {}) {
  await step(v, 'zip', { zipcode: '33101' });
  await step(v, 'medicare', { haveMedicare: null }, {}, 'skip');
  await step(v, 'medicaid', { haveMedicaid: null }, {}, 'skip');
  await step(v, 'name', { firstName: 'Ada', lastName: 'Lovelace' });
  if (f.startedMsAgo) await startedAgo(v, f.startedMsAgo);
  const extra = {
    ...(f.turnstileToken ? { turnstileToken: f.turnstileToken } : {}),
    ...(f.honeypot ? { honeypot: f.honeypot } : {}),
  };
  const done = await step(
    v,
    'contact',
    { phone: f.phone ?? '(305) 555-0142', email: f.email ?? `ada.${crypto.randomUUID().slice(0, 8)}@example.com` },
    extra,
  );
  expect(done.completed).toBe(true);
}

interface TrustRow {
  trust_verdict: string | null;
  trust_reasons: string | null;
  trust_signals: string | null;
  turnstile: string | null;
  trust_phone_hash: string | null;
  traffic_source: string | null;
}

async function trustOf(v: Visitor) {
  const row = await env.DB.prepare(
    'SELECT trust_verdict, trust_reasons, trust_signals, turnstile, trust_phone_hash, traffic_source FROM leads WHERE visitor_id = ?',
  )
    .bind(v.id)
    .first<TrustRow>();
  expect(row, 'the lead is stored').not.toBeNull();
  return {
    verdict: row?.trust_verdict,
    reasons: JSON.parse(row?.trust_reasons ?? '[]') as string[],
    signals: JSON.parse(row?.trust_signals ?? '{}') as Record<string, unknown>,
    turnstile: row?.turnstile,
    phoneHash: row?.trust_phone_hash,
    source: row?.traffic_source,
  };
}

function uniquePhone(): string {
  const n = crypto.getRandomValues(new Uint16Array(2));
  return `(${200 + ((n[0] ?? 0) % 700)}) 555-${String(1000 + ((n[1] ?? 0) % 9000)).padStart(4, '0')}`;
}

describe('lead trust verdict', () => {
  it("a person at a person's pace with Turnstile passing is clean; the verdict rides on leadCreated without personal data", async () => {
    // Siteverify has 1 s; on a loaded run it can time out (`error`, the slow-Turnstile test's
    // case). Such an attempt is repeated by a new visitor: this test is about a passing one.
    let v = visitor('bh');
    let trust: Awaited<ReturnType<typeof trustOf>>;
    for (let attempt = 1; ; attempt += 1) {
      await finishMedicare(v, {
        phone: uniquePhone(),
        email: `ada.${crypto.randomUUID().slice(0, 8)}@example.com`,
        turnstileToken: widgetToken(),
        startedMsAgo: 90_000,
      });
      trust = await trustOf(v);
      if (trust.turnstile !== 'error' || attempt === 3) break;
      v = visitor('bh');
    }
    expect(trust).toMatchObject({ verdict: 'clean', reasons: [], turnstile: 'passed', source: '(direct)' });
    expect(trust.phoneHash).toMatch(/^[0-9a-f]{64}$/);
    expect(trust.signals).toMatchObject({ turnstile: 'passed', honeypot: false, phoneSeenElsewhere: 0 });

    const event = await pollRow(() =>
      env.DB.prepare(`SELECT properties FROM events WHERE event = 'leadCreated' AND anonymous_id = ?`)
        .bind(v.id)
        .first<{ properties: string }>(),
    );
    const props = JSON.parse(event?.properties ?? '{}') as Record<string, unknown>;
    expect(props).toMatchObject({ verdict: 'clean', reasons: [], form: 'medicare' });
    expect(event?.properties).not.toMatch(/Lovelace|305\) 555|@example\.com/);
  });

  it('a honeypot-filled lead is bot; it is stored and the visitor gets the default number with no partner call', async () => {
    const sb = sandboxScope();
    const v = visitor('bh', { ip: sb.ip });
    await finishMedicare(v, {
      phone: uniquePhone(),
      turnstileToken: widgetToken(),
      honeypot: 'http://cheap-pills.example',
      startedMsAgo: 90_000,
    });
    const trust = await trustOf(v);
    expect(trust.verdict).toBe('bot');
    expect(trust.reasons).toContain('honeypot');
    const before = (await sb.calls('mediaalpha', '/get-phone')).length;
    const answer = await pastPhoneDeadline(async () => {
      const res = await v.fetch('/api/mediaalpha/get-phone', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ page: 'get-yours-otc' }),
      });
      expect(res.status).toBe(200);
      return res.json<{ source: string }>();
    });
    expect(answer).toMatchObject({ source: 'withheld', phone: { display: DEFAULT_DISPLAY } });
    expect((await sb.calls('mediaalpha', '/get-phone')).length).toBe(before);
  });

  it("the same phone on another visitor's lead within 24 h makes the second lead suspect (hashes, not raw values)", async () => {
    const phone = uniquePhone();
    const first = visitor('bh');
    await finishMedicare(first, { phone, turnstileToken: widgetToken(), startedMsAgo: 90_000 });
    const second = visitor('bh');
    await finishMedicare(second, { phone, turnstileToken: widgetToken(), startedMsAgo: 90_000 });
    const a = await trustOf(first);
    const b = await trustOf(second);
    expect(a.reasons).not.toContain('duplicate-phone');
    expect(b).toMatchObject({ verdict: 'suspect', reasons: ['duplicate-phone'] });
    expect(b.phoneHash).toBe(a.phoneHash);
    expect(b.signals).toMatchObject({ phoneSeenElsewhere: 1 });
    const raw = await env.DB.prepare('SELECT trust_signals, trust_reasons FROM leads WHERE visitor_id = ?')
      .bind(second.id)
      .first<{ trust_signals: string; trust_reasons: string }>();
    expect(JSON.stringify(raw)).not.toContain(phone.replace(/\D/g, ''));
  });

  it('Turnstile failing makes the lead bot; a disposable email and a risky ip add their reasons', async () => {
    const sb = sandboxScope(`198.51.100.${1 + ((crypto.getRandomValues(new Uint8Array(1))[0] ?? 0) % 250)}`);
    await sb.set('turnstile', 'fail');
    const v = visitor('bh', { ip: sb.ip });
    await finishMedicare(v, {
      phone: uniquePhone(),
      email: `x${crypto.randomUUID().slice(0, 6)}@mailinator.com`,
      turnstileToken: widgetToken(),
      startedMsAgo: 90_000,
    });
    const trust = await trustOf(v);
    expect(trust.verdict).toBe('bot');
    expect(trust.turnstile).toBe('failed');
    expect(trust.reasons).toEqual(
      expect.arrayContaining([
        'turnstile-failed',
        'disposable-email',
        'ip-risk',
        'ip-proxy',
        'ip-recent-abuse',
        'ip-bot',
      ]),
    );
    expect((await sb.calls('turnstile', '/siteverify')).length).toBeGreaterThan(0);
  });

  it(
    'Turnstile slow or garbled never blocks the visitor: the lead is stored with turnstile error, suspect and withheld',
    { timeout: 30_000 },
    async () => {
      for (const behaviour of ['slow', 'malformed', 'error'] as const) {
        const sb = sandboxScope();
        await sb.set('turnstile', behaviour, 10_000);
        const v = visitor('bh', { ip: sb.ip });
        const started = Date.now();
        await finishMedicare(v, { phone: uniquePhone(), turnstileToken: widgetToken(), startedMsAgo: 90_000 });
        // Within the test's siteverify wait (TURNSTILE_TIMEOUT_MS, vitest.config.ts) and the steps around it.
        expect(Date.now() - started, behaviour).toBeLessThan(9000);
        const trust = await trustOf(v);
        expect(trust.turnstile, behaviour).toBe('error');
        // No proof either way: kept for the operator, not sold, unless DELIVER_SUSPECT_REASONS names it.
        expect(trust, behaviour).toMatchObject({ verdict: 'suspect', reasons: ['turnstile-error'] });
        const row = await env.DB.prepare('SELECT delivery, withheld_reasons FROM leads WHERE visitor_id = ?')
          .bind(v.id)
          .first<{ delivery: string; withheld_reasons: string }>();
        expect(row?.delivery, behaviour).toBe('withheld');
        expect(JSON.parse(row?.withheld_reasons ?? '[]'), behaviour).toContain('verdict');
      }
    },
  );

  it('a script posting every step at once is bot (inhuman speed), and one without JavaScript is marked unverified', async () => {
    const fast = visitor('bh');
    await finishMedicare(fast, { phone: uniquePhone(), turnstileToken: widgetToken() });
    expect(await trustOf(fast)).toMatchObject({ verdict: 'bot', reasons: expect.arrayContaining(['inhuman-speed']) });
    const noJs = visitor('bh');
    await finishMedicare(noJs, { phone: uniquePhone(), startedMsAgo: 90_000 });
    expect(await trustOf(noJs)).toMatchObject({
      verdict: 'suspect',
      turnstile: 'unverified',
      reasons: ['turnstile-unverified'],
    });
  });

  it('fuzzed Turnstile tokens never cause a 5xx, and each lead is still stored', { timeout: 60_000 }, async () => {
    const tokens = [
      '',
      ' ',
      'null',
      '0.',
      'x'.repeat(2049),
      'x'.repeat(8192),
      '\u0000\u0001',
      '😀'.repeat(100),
      '<script>alert(1)</script>',
      '0.sandbox-turnstile.',
      '{"success":true}',
      '../../etc/passwd',
      '%00%ff',
    ];
    for (const token of tokens) {
      const v = visitor('bh');
      for (const [name, values] of [
        ['zip', { zipcode: '33101' }],
        ['name', { firstName: 'Ada' }],
      ] as const) {
        await v.api({ submissionId: crypto.randomUUID(), page: PAGE, step: name, values });
      }
      const res = await v.api({
        submissionId: crypto.randomUUID(),
        page: PAGE,
        step: 'contact',
        values: { phone: uniquePhone() },
        turnstileToken: token,
      });
      const label = JSON.stringify(token.slice(0, 20));
      if ([...token].some((ch) => ch.charCodeAt(0) < 0x20)) {
        // Control characters are refused by the write guard for every write: bad input, a 400 naming it.
        expect(res.status, label).toBe(400);
        expect(await res.json()).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
        continue;
      }
      // Any other token is the widget's business, not the visitor's: whatever it holds (too long,
      // empty, markup), the lead is stored (trustOf fails when no row exists), marked by what Turnstile said.
      expect(res.status, label).toBe(200);
      expect((await trustOf(v)).turnstile, label).toMatch(/^(failed|unverified|error)$/);
    }
  });
});

describe('lead quality in the operator report', () => {
  it('shows the share of suspect and bot leads per brand, page and traffic source, in the page and the CSV', async () => {
    const v = visitor('bh');
    await finishMedicare(v, { phone: uniquePhone(), honeypot: 'filled', startedMsAgo: 90_000 });
    const headers = { authorization: `Bearer ${env.REPORT_TOKEN}` };
    const page = await SELF.fetch('http://bh.localhost/ops/report?brand=bh', { headers });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Lead quality');
    expect(html).toContain('id="chart-trust-brand"');
    expect(html).toContain('id="chart-trust-source"');
    const csv = await (await SELF.fetch('http://bh.localhost/ops/report?brand=bh&format=csv', { headers })).text();
    const header = csv.split('\r\n')[0] ?? '';
    expect(header).toContain('suspect_share');
    const trustRows = csv.split('\r\n').filter((line) => line.startsWith('trust,'));
    expect(trustRows.some((line) => line.includes(',brand,bh,'))).toBe(true);
    expect(trustRows.some((line) => line.includes(',page,bh get-yours-otc,'))).toBe(true);
    expect(trustRows.some((line) => line.includes(',source,(direct),'))).toBe(true);
    const brandRow = trustRows.find((line) => line.includes(',brand,bh,'))?.split(',') ?? [];
    const bot = Number(brandRow[brandRow.length - 3]);
    expect(bot).toBeGreaterThan(0);
  });
});

async function pollRow<T>(read: () => Promise<T | null>, deadlineMs = 15_000): Promise<T | null> {
  const end = Date.now() + deadlineMs;
  for (;;) {
    const row = await read();
    if (row || Date.now() > end) return row;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import worker from '../../src/worker/index';
import { secretProblems } from '../../src/worker/operations/configuration';
import { freshIp } from '../support/sandbox';

/**
 * Fail closed on configuration: a missing, malformed or (outside development) development secret
 * makes the routes it guards answer 503 with a JSON error naming the secret, logs one error
 * line, and fails /healthz and the configuration check of /ops/health. Never a fallback.
 * Each test runs the Worker's own fetch with one binding changed.
 */
afterEach(() => {
  vi.restoreAllMocks();
});

async function fetchWith(overrides: Record<string, string>, path: string, init: RequestInit = {}) {
  const ctx = createExecutionContext();
  const headers = new Headers(init.headers);
  headers.set('cf-connecting-ip', freshIp());
  const request = new Request(`http://bh.localhost${path}`, { ...init, headers });
  const response = await worker.fetch(request, { ...env, ...overrides }, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

const operator = { authorization: 'Bearer test-report-token', accept: 'application/json' };
type ErrorBody = { error: { code: string; message: string; issues: { secret: string; problem: string }[] } };
type Health = { ok: boolean; checks: { id: string; ok: boolean; summary: string }[] };

/** Real-looking production secrets: none a development value, each well formed. */
const productionSecrets = {
  ENVIRONMENT: 'production',
  VISITOR_COOKIE_SECRET: 'q8V1kR9wZt3mN6pX2bL5hJ7cF4dS0aGe',
  QUOTE_TOKEN_SECRET: 'Zx4Wm8Qp2Rt6Yv1Nb5Hc9Jd3Kf7Lg0Ps',
  LEAD_HASH_SALT: 'Ab3Cd5Ef7Gh9Ij1Kl3Mn5Op7Qr9St1Uv',
  LEAD_CERTIFICATE_KEY:
    '{"kty":"OKP","crv":"Ed25519","x":"QuFQoXemSY4y4_NQeNEDQBwdqfkdQBdIw0WpRR0V0RM","d":"BekYiEDPkGhOcusa759b6iOhuuHuW5VDqiq8nqzDU8s","kid":"prod-2026-11"}',
  TURNSTILE_SECRET_KEY: '0x4AAAAAAAB3kWtQz9xYvN1cSecretValue',
  MEDIAALPHA_API_TOKEN: 'ma_live_9f8e7d6c5b4a',
  IPQS_API_KEY: 'ipqs_live_1a2b3c4d5e6f',
  QUOTEWIZARD_API_KEY: 'qw_live_0f1e2d3c4b5a',
  REPORT_TOKEN: 'op-Jf83kd92Lm4Qx7',
  MONITOR_TOKEN: 'mon-Qp27vX81nZ4w',
  OPERATOR_ALERT_WEBHOOK_URL: 'https://hooks.slack.com/services/T000/B000/abcdef',
};

describe('fail closed on configuration', () => {
  it('without the visitor cookie secret, pages and APIs answer 503 naming it, and health says so', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = { VISITOR_COOKIE_SECRET: '' };

    const page = await fetchWith(broken, '/');
    expect(page.status).toBe(503);
    const body = await page.json<ErrorBody>();
    expect(body.error.code).toBe('not_configured');
    expect(body.error.issues).toContainEqual({ secret: 'VISITOR_COOKIE_SECRET', problem: 'missing' });
    // No visitor cookie was minted under some stand-in secret.
    expect(page.headers.get('set-cookie') ?? '').not.toContain('qf_aid');

    const event = await fetchWith(broken, '/api/event/create', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://bh.localhost' },
      body: '{}',
    });
    expect(event.status).toBe(503);

    expect((await fetchWith(broken, '/healthz')).status).toBe(503);
    const health = await fetchWith(broken, '/ops/health', { headers: operator });
    expect(health.status).toBe(503);
    const report = await health.json<Health>();
    expect(report.checks.find((c) => c.id === 'configuration')).toMatchObject({ ok: false });
    expect(report.checks.find((c) => c.id === 'configuration')?.summary).toContain('VISITOR_COOKIE_SECRET missing');

    // One clear log line for this isolate's configuration, not one per request.
    const lines = errors.mock.calls.map((call) => String(call[0])).filter((l) => l.includes('VISITOR_COOKIE_SECRET'));
    expect(lines.length).toBeGreaterThanOrEqual(1);
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ level: 'error', where: 'configuration', problem: 'missing' });
  });

  it('without the lead hash salt, pages still render but every form post and quote token answers 503', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = { LEAD_HASH_SALT: '' };
    expect((await fetchWith(broken, '/')).status).toBe(200);
    const submit = await fetchWith(broken, '/api/form/submit', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://bh.localhost' },
      body: '{}',
    });
    expect(submit.status).toBe(503);
    expect((await submit.json<ErrorBody>()).error.issues).toEqual([{ secret: 'LEAD_HASH_SALT', problem: 'missing' }]);
    const token = await fetchWith(broken, '/api/quote-token', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://bh.localhost' },
      body: '{}',
    });
    expect(token.status).toBe(503);
    // A partner proxy that needs none of the lead secrets is not refused for them.
    const ipqs = await fetchWith(broken, '/api/ipqs/check-ip', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://bh.localhost' },
      body: '{}',
    });
    expect(ipqs.status).not.toBe(503);
  });

  it('refuses development values in production: the local secrets and the test signing key', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const production = { ENVIRONMENT: 'production' };
    const page = await fetchWith(production, '/');
    expect(page.status).toBe(503);
    const issues = (await page.json<ErrorBody>()).error.issues;
    expect(issues).toEqual([{ secret: 'VISITOR_COOKIE_SECRET', problem: 'development value' }]);
    expect((await fetchWith(production, '/healthz')).status).toBe(503);

    // The same values are fine where they belong.
    expect(secretProblems({ ...env, ENVIRONMENT: 'development' })).toEqual([]);
    const problems = secretProblems({ ...env, ENVIRONMENT: 'production' });
    expect(problems.map((p) => p.secret).sort()).toEqual(
      [
        'GOOGLE_SERVICE_ACCOUNT_KEY',
        'IPQS_API_KEY',
        'LEAD_CERTIFICATE_KEY',
        'LEAD_HASH_SALT',
        'MEDIAALPHA_API_TOKEN',
        'META_CAPI_ACCESS_TOKEN',
        'MONITOR_TOKEN',
        'OPERATOR_ALERT_WEBHOOK_URL',
        'POSTBACK_SECRET_MEDIAALPHA',
        'POSTBACK_SECRET_QUOTEWIZARD',
        'QUOTEWIZARD_API_KEY',
        'QUOTE_TOKEN_SECRET',
        'REPORT_TOKEN',
        'TURNSTILE_SECRET_KEY',
        'VISITOR_COOKIE_SECRET',
      ].sort(),
    );
  });

  it('passes real-looking production secrets, and names malformed ones as invalid', () => {
    const real = productionSecrets;
    expect(secretProblems(real)).toEqual([]);
    expect(secretProblems({ ...real, LEAD_CERTIFICATE_KEY: '{"kty":"OKP"}' })).toEqual([
      { secret: 'LEAD_CERTIFICATE_KEY', problem: 'invalid', areas: ['leads'] },
    ]);
    expect(secretProblems({ ...real, OPERATOR_ALERT_WEBHOOK_URL: 'http://127.0.0.1:8790/alerts/x' })).toEqual([
      { secret: 'OPERATOR_ALERT_WEBHOOK_URL', problem: 'development value', areas: ['alerts'] },
    ]);
    expect(secretProblems({ ...real, TURNSTILE_SECRET_KEY: '1x0000000000000000000000000000000AA' })[0]).toMatchObject({
      secret: 'TURNSTILE_SECRET_KEY',
      problem: 'development value',
    });
    // Staging pairs Cloudflare's dummy site key with its dummy secret.
    expect(
      secretProblems({ ...real, ENVIRONMENT: 'staging', TURNSTILE_SECRET_KEY: '1x0000000000000000000000000000000AA' }),
    ).toEqual([]);
  });

  it('payout and ad-platform secrets are optional, but never a development value outside development', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const real = productionSecrets;
    // Absent: the feature is off, nothing is wrong.
    expect(secretProblems(real)).toEqual([]);
    // The value in .dev.vars.example is public: anyone could sign a payout with it.
    expect(secretProblems({ ...real, POSTBACK_SECRET_MEDIAALPHA: 'local-postback-secret-mediaalpha' })).toEqual([
      { secret: 'POSTBACK_SECRET_MEDIAALPHA', problem: 'development value', areas: ['postbacks'] },
    ]);
    expect(secretProblems({ ...real, POSTBACK_SECRET_QUOTEWIZARD: 'short' })).toEqual([
      { secret: 'POSTBACK_SECRET_QUOTEWIZARD', problem: 'invalid', areas: ['postbacks'] },
    ]);
    expect(secretProblems({ ...real, META_CAPI_ACCESS_TOKEN: 'sandbox-meta-access-token' })).toEqual([
      { secret: 'META_CAPI_ACCESS_TOKEN', problem: 'development value', areas: ['ad-platforms'] },
    ]);

    // Through the Worker: a production deployment left with the development postback secret
    // refuses every payout with 503 naming it, whatever the signature, and health says so.
    const leftOver = { ...real, POSTBACK_SECRET_MEDIAALPHA: 'local-postback-secret-mediaalpha' };
    const payout = await fetchWith(leftOver, '/api/postback/mediaalpha', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-signature': `sha256=${'0'.repeat(64)}` },
      body: '{}',
    });
    expect(payout.status).toBe(503);
    expect((await payout.json<ErrorBody>()).error.issues).toContainEqual({
      secret: 'POSTBACK_SECRET_MEDIAALPHA',
      problem: 'development value',
    });
    expect((await fetchWith(leftOver, '/healthz')).status).toBe(503);
    // The visitor's pages do not depend on it.
    expect((await fetchWith(leftOver, '/')).status).toBe(200);
  });
});

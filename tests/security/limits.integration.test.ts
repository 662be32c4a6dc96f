import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { cell } from '../../src/worker/report/csv';
import { decode, submitStep, visitor } from '../support/funnel';
import { freshIp } from '../support/sandbox';
import { jsonStep } from './support';
import { inOneWindow } from '../support/rate-window';

/** Limits that hold. */
const TOKEN = 'test-report-token';
const MB = 1024 * 1024;

/** A body of `total` bytes sent in 64 KB chunks, made only as the reader pulls; counts what was pulled. */
function countingBody(total: number) {
  const chunk = new Uint8Array(64 * 1024).fill(0x61);
  const counter = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (counter.pulled >= total) {
        controller.close();
        return;
      }
      counter.pulled += chunk.length;
      controller.enqueue(chunk);
    },
  });
  return { stream, counter };
}

describe('body size while reading', () => {
  it.each(['/api/form/submit', '/api/event/create', '/get-yours-otc/contact'])(
    'cuts a 100 MB chunked body to %s at the limit',
    async (path) => {
      const v = visitor('bh');
      const { stream, counter } = countingBody(100 * MB);
      const type = path.startsWith('/api/') ? 'application/json' : 'application/x-www-form-urlencoded';
      const response = await v.fetch(path, { method: 'POST', headers: { 'content-type': type }, body: stream });
      expect(response.status).toBe(413);
      // Refused after the first few chunks, not after reading 100 MB.
      expect(counter.pulled).toBeLessThan(2 * MB);
    },
  );

  it.each(['/api/quote-token', '/api/mediaalpha/get-phone'])(
    'reads a small chunked JSON body to %s once: a route with a limit of its own still answers 200',
    async (path) => {
      const v = visitor('bh');
      const bytes = new TextEncoder().encode(JSON.stringify({}));
      // No content-length: the guard reads the stream, the route's own body limit must not read it again.
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(bytes);
          controller.close();
        },
      });
      const response = await v.fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: stream,
      });
      expect(response.status).toBe(200);
    },
  );
});

describe('operator report access', () => {
  it('throttles 100 wrong tokens from one ip; then even the right one waits, while another ip gets in', async () => {
    // RATE_LIMIT_REPORT counts 10 a minute, in windows on the wall clock.
    const { statuses, rightToken } = await inOneWindow(60, async () => {
      const ip = freshIp();
      const statuses: number[] = [];
      for (let i = 0; i < 100; i += 1) {
        const response = await SELF.fetch('http://bh.localhost/ops/report', {
          headers: { authorization: `Bearer wrong-${i}`, 'cf-connecting-ip': ip },
        });
        statuses.push(response.status);
      }
      const right = await SELF.fetch('http://bh.localhost/ops/report', {
        headers: { authorization: `Bearer ${TOKEN}`, 'cf-connecting-ip': ip },
      });
      return { statuses, rightToken: right.status };
    });
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(90);
    expect(rightToken).toBe(429);
    expect(
      (
        await SELF.fetch('http://bh.localhost/ops/report', {
          headers: { authorization: `Bearer ${TOKEN}`, 'cf-connecting-ip': freshIp() },
        })
      ).status,
    ).toBe(200);
  });

  it('takes no token from the query string; signs a browser in with an HttpOnly cookie', async () => {
    const ip = freshIp();
    expect(
      (await SELF.fetch(`http://bh.localhost/ops/report?token=${TOKEN}`, { headers: { 'cf-connecting-ip': ip } }))
        .status,
    ).toBe(401);
    const wrong = await SELF.fetch('http://bh.localhost/ops/login', {
      method: 'POST',
      headers: {
        origin: 'http://bh.localhost',
        'content-type': 'application/x-www-form-urlencoded',
        'cf-connecting-ip': ip,
      },
      body: 'token=nope',
      redirect: 'manual',
    });
    expect(wrong.status).toBe(401);
    const login = await SELF.fetch('http://bh.localhost/ops/login', {
      method: 'POST',
      headers: {
        origin: 'http://bh.localhost',
        'content-type': 'application/x-www-form-urlencoded',
        'cf-connecting-ip': ip,
      },
      body: `token=${TOKEN}`,
      redirect: 'manual',
    });
    expect(login.status).toBe(303);
    const cookie = login.headers.getSetCookie().find((h) => h.startsWith('qf_ops=')) ?? '';
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/ops/);
    const report = await SELF.fetch('http://bh.localhost/ops/report', {
      headers: { cookie: cookie.split(';')[0] ?? '', 'cf-connecting-ip': ip },
    });
    expect(report.status).toBe(200);
    expect(await report.text()).not.toContain(TOKEN);
  });
});

describe('headers', () => {
  it('sends a CSP without the https: http: fallback, with Trusted Types and reporting', async () => {
    const response = await SELF.fetch('http://bh.localhost/get-yours-otc');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).not.toMatch(/script-src[^;]*https:/);
    expect(csp).not.toMatch(/script-src[^;]*http:/);
    expect(csp).toContain("require-trusted-types-for 'script'");
    expect(csp).toMatch(/trusted-types default/);
    expect(csp).toContain('report-to csp');
    expect(response.headers.get('reporting-endpoints')).toBe('csp="/api/csp-report"');
  });
});

describe('text at the edge', () => {
  it('refuses invalid UTF-8 and control characters in JSON and form posts, storing nothing', async () => {
    const v = visitor('bh');
    const invalid = new Uint8Array([
      ...new TextEncoder().encode('{"submissionId":"'),
      0xff,
      0xfe,
      ...new TextEncoder().encode('"}'),
    ]);
    const bytes = await v.fetch('/api/form/submit', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: invalid,
    });
    expect(bytes.status).toBe(400);
    expect(await bytes.json()).toMatchObject({ error: { code: 'invalid_utf8' } });
    const nul = await v.fetch('/api/form/submit', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(jsonStep('name', { firstName: 'Ada\u0000' })),
    });
    expect(nul.status).toBe(400);
    expect(await nul.json()).toMatchObject({ error: { code: 'invalid_characters' } });
    for (const body of ['submissionId=x&firstName=Ada%00', 'submissionId=x&firstName=%FF%FE']) {
      const form = await v.fetch('/get-yours-otc/name', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
      expect(form.status, body).toBe(400);
    }
    expect(decode(await (await v.get('/get-yours-otc/name')).text())).not.toContain('value="Ada');
  });
});

describe('small things', () => {
  it('neutralises every formula start in CSV cells, full-width ones too', () => {
    for (const value of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx', '＝1+1', '＋1', '－1', '＠SUM(A1)'])
      expect(cell(value).replace(/^"/, '')).toMatch(/^'/);
    expect(cell('find-benefits')).toBe('find-benefits');
  });

  it('prefill from an address fills only empty answers', async () => {
    const v = visitor('bh');
    await submitStep(v, '/get-yours-otc/name', { firstName: 'Ada', lastName: 'Lovelace' });
    // The address's personal fields are stored, then a 303 to the address without them.
    const arrival = await v.get('/get-yours-otc/name?firstname=Eve&lastname=Mallory&zip_code=60601');
    expect(arrival.status).toBe(303);
    const html = decode(await (await v.get(arrival.headers.get('location') ?? '')).text());
    expect(html).toContain('value="Ada"');
    expect(html).toContain('value="Lovelace"');
    expect(html).not.toContain('Mallory');
    // The empty answer (the zip) is filled.
    expect(decode(await (await v.get('/get-yours-otc/zip')).text())).toContain('value="60601"');
  });
});

import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import worker from '../../src/worker/index';
import { atHumanPace, consentPage, medicareContactOf } from '../support/consent';
import { hiddenFieldsOf, STAFFED_CLOCK, submissionIdOf, visitor, type Visitor } from '../support/funnel';
import { chainOf, timedFetch, timingEnv, type BindingCall, type Recorder } from '../support/timing-env';
import { passedTurnstile } from '../support/turnstile';

/**
 * What each kind of page waits for before its first byte, counted on the Worker's own bindings
 * (timing-env.ts): every request goes through the Worker's fetch with bindings that record whether
 * each call settled before the response's headers were returned, while its body was read, or after
 * (waitUntil). On Cloudflare a call awaited before the first byte costs the visitor tens of
 * milliseconds; locally a tenth of one, which is why the time alone cannot show it.
 * `npm run bench -- --only=latency` runs this file and prints the table (bench/latency.ts).
 */
interface Measured {
  request: string;
  status: number;
  calls: BindingCall[];
}

let current: Recorder | undefined;
const timed = timingEnv(env, () => current);

/** A visitor whose requests go through the Worker's fetch with the timed bindings; each one is recorded in `log`. */
function timedVisitor(
  brand: string,
  log: Measured[],
  /** cookies false: a crawler, keeps none; fresh: a browser's first visit, keeps what the Worker sets. */
  options: { cookies?: boolean; fresh?: boolean } = {},
): Visitor {
  const base = visitor(brand);
  if (options.cookies === false || options.fresh) base.headers.cookie = '';
  const jar = new Map(
    (base.headers.cookie ?? '')
      .split('; ')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)] as [string, string]),
  );
  const cf = { colo: `L${crypto.randomUUID().slice(0, 6)}` };
  const send = async (path: string, init: RequestInit = {}): Promise<Response> => {
    const given = Object.fromEntries(new Headers(init.headers));
    const request = new Request(`${base.origin}${path}`, {
      redirect: 'manual',
      ...init,
      headers: { ...base.headers, ...given },
      cf,
    });
    const rec: Recorder = { phase: 'beforeHeaders', calls: [], tick: 0 };
    current = rec;
    const ctx = createExecutionContext();
    const { response, body } = await timedFetch(rec, async () => {
      const response = await worker.fetch(request, timed, ctx);
      rec.phase = 'body';
      const body = await response.text();
      rec.phase = 'after';
      await waitOnExecutionContext(ctx);
      return { response, body };
    });
    current = undefined;
    log.push({ request: `${request.method} ${path}`, status: response.status, calls: rec.calls });
    for (const header of options.cookies === false ? [] : response.headers.getSetCookie()) {
      const pair = header.split(';')[0] ?? '';
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      if (/;\s*max-age=0/i.test(header)) jar.delete(pair.slice(0, eq));
      else jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    if (options.cookies !== false) base.headers.cookie = [...jar].map(([n, v]) => `${n}=${v}`).join('; ');
    return new Response(body, response);
  };
  return {
    ...base,
    fetch: send,
    get: (path: string) => send(path),
    post: (path: string, fields: Record<string, string>) =>
      send(path, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...STAFFED_CLOCK },
        body: new URLSearchParams(fields).toString(),
      }),
  };
}

/** GET a step, then POST its form as a browser would; both are recorded. */
async function step(v: Visitor, path: string, fields: Record<string, string>) {
  const page = await v.get(path);
  expect(page.status, `GET ${path}`).toBe(200);
  const html = await page.text();
  const res = await v.post(path, { ...hiddenFieldsOf(html), submissionId: submissionIdOf(html), ...fields });
  expect(res.status, `POST ${path}`).toBe(303);
}

const before = (m: Measured) => m.calls.filter((c) => c.settled === 'beforeHeaders');
const names = (calls: BindingCall[]) => calls.map((c) => c.name).join(', ');

describe('what a page waits for before its first byte', () => {
  it('a first visit awaits no binding call before its headers', async () => {
    const log: Measured[] = [];
    for (const [brand, path] of [
      ['bh', '/get-yours-otc'],
      ['ps', '/save-auto'],
      ['bh', '/get-yours-otc/zip'],
    ] as const) {
      const res = await timedVisitor(brand, log, { cookies: false }).get(path);
      expect(res.status).toBe(200);
    }
    for (const m of log) expect(names(before(m)), `${m.request} before its first byte`).toBe('');
    // The instrument sees an awaited call where there is one: a returning visitor's page reads its state,
    // as its JSON text (a string result has no disposer: decision 0346).
    const seen: Measured[] = [];
    expect((await timedVisitor('bh', seen).get('/get-yours-otc')).status).toBe(200);
    expect(names(before(seen[0] as Measured))).toBe('VISITOR.getFunnelStateText');
  });

  it(
    'counts each kind of page: first visit, returning, stored answers, steps and posts',
    { timeout: 60_000 },
    async () => {
      const kinds: { kind: string; measured: Measured }[] = [];
      const take = (kind: string, log: Measured[]) => {
        const measured = log.at(-1);
        if (measured) kinds.push({ kind, measured });
      };
      const log: Measured[] = [];
      await timedVisitor('bh', log, { cookies: false }).get('/get-yours-otc');
      take('first visit (no cookie)', log);
      const browser = timedVisitor('bh', log, { fresh: true });
      await browser.get('/get-yours-otc');
      await browser.get('/get-yours-otc');
      take("returning visitor (the first visit's cookies)", log);
      const v = timedVisitor('bh', log);
      await v.get('/get-yours-otc');
      take('returning visitor (own cookies, no hint)', log);
      await step(v, '/get-yours-otc/zip', { zipcode: '33101' });
      kinds.push({ kind: 'form step GET (first step)', measured: log.at(-2) as Measured });
      take('step POST', log);
      await v.get('/get-yours-otc');
      take('with stored answers', log);
      await step(v, '/get-yours-otc/medicare', { haveMedicare: '1' });
      kinds.push({ kind: 'form step GET (with answers)', measured: log.at(-2) as Measured });
      await step(v, '/get-yours-otc/medicaid', { haveMedicaid: '0' });
      await step(v, '/get-yours-otc/name', { firstName: 'Ada', lastName: 'Lovelace' });
      const page = await consentPage(v, '/get-yours-otc/contact');
      take('form step GET (final step)', log);
      await atHumanPace(v);
      const res = await v.post('/get-yours-otc/contact', {
        ...hiddenFieldsOf(page.raw),
        submissionId: submissionIdOf(page.raw),
        ...medicareContactOf(v),
        'cf-turnstile-response': passedTurnstile(v.origin, 'medicare'),
      });
      expect(res.status).toBe(303);
      take('final step POST', log);
      for (const { kind, measured } of kinds) expect(measured.status, kind).toBeLessThan(400);
      // The walk reached storage: the stored-answers page reads the visitor's state.
      const stored = kinds.find((k) => k.kind === 'with stored answers')?.measured;
      expect(stored?.calls.length).toBeGreaterThan(0);
      // The target of docs/performance.md: a page of a visitor with cookies (answers stored or not,
      // a form step after the zip included) waits for one call before its first byte, its state.
      // A browser back on the first visit's cookies carries the nothing-stored hint: it waits for nothing.
      expect(names(before(kinds[1]?.measured as Measured)), kinds[1]?.kind).toBe('');
      for (const { kind, measured } of kinds.filter(
        (k) => k.measured.request.startsWith('GET ') && k.kind !== kinds[0]?.kind && k.kind !== kinds[1]?.kind,
      ))
        expect(names(before(measured)), `${kind} before its first byte`).toBe('VISITOR.getFunnelStateText');
      console.log(
        `FIRST_BYTE_JSON ${JSON.stringify(kinds.map(({ kind, measured }) => ({ kind, ...measured, chain: chainOf(before(measured)) })))}`,
      );
    },
  );
});

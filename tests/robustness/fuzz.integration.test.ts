import { SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import fc from 'fast-check';
import { describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { visitor } from '../support/funnel';

/**
 * Property-based fuzzing of every /api/* endpoint and every form step: thousands
 * of generated bodies (wrong types, huge strings, unicode, missing and extra fields, deep
 * nesting, invalid JSON, oversize bodies). Whatever arrives: never a 5xx, every /api error
 * is JSON `{ error: { code, message } }`, and values a visitor already stored stay as they were.
 */

const ORIGIN = 'http://bh.localhost';
/**
 * Partner circuit breakers are per Cloudflare location (src/worker/defence/breaker.ts): this
 * file's requests come from a location of their own, so a breaker another file opened (or this
 * one) never turns a partner call here into a 502, whatever runs alongside.
 */
const FUZZ_CF = { colo: `FUZZ${crypto.randomUUID().slice(0, 6)}` };
const fetchWorker = (url: string, init: RequestInit = {}) => SELF.fetch(url, { ...init, cf: FUZZ_CF });

/**
 * Replayable: every property of this file runs from one seed, FUZZ_SEED when set (passed in
 * by tests/global-setup.ts), else one drawn per run; FUZZ_PATH jumps straight to a reported
 * counterexample. Any failure, of a property or of a generator, names the seed, the path
 * when there is one, and the command that replays it.
 */
const SEED = inject('fuzzSeed');
const PATH = inject('fuzzPath');

async function fuzz<Ts>(property: fc.IAsyncProperty<Ts>, numRuns: number): Promise<void> {
  const name = expect.getState().currentTestName ?? '';
  const replay = (path: string | null) => {
    // vitest's -t is a regular expression over the full name ("describe > test"), here in double quotes for a shell.
    const pattern = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/["$`\\]/g, '\\$&');
    return `replay: FUZZ_SEED=${SEED}${path ? ` FUZZ_PATH=${path}` : ''} npx vitest run tests/robustness/fuzz.integration.test.ts -t "${pattern}"`;
  };
  let details: fc.RunDetails<Ts>;
  try {
    details = await fc.check(property, { seed: SEED, numRuns, ...(PATH ? { path: PATH } : {}) });
  } catch (error) {
    // fast-check lets an exception of a generator or filter escape without its seed.
    throw new Error(`a fuzz generator threw (seed ${SEED}): ${String(error)}\n${replay(null)}`, { cause: error });
  }
  if (details.failed)
    throw new Error(`${fc.defaultReportMessage(details) ?? 'property failed'}\n${replay(details.counterexamplePath)}`, {
      cause: details.errorInstance,
    });
}

const errorBody = z.object({ error: z.object({ code: z.string().min(1), message: z.string().min(1) }) });

/** One body of each endpoint that the Worker accepts: the fuzzer mutates these. */
function validTemplates(): Record<string, Record<string, unknown>> {
  const id = crypto.randomUUID();
  return {
    '/api/event/create': {
      type: 'track',
      event: 'pageView',
      timestamp: new Date().toISOString(),
      sessionId: 'sess-fuzz-0001',
      anonymousId: 'anon-fuzz-0001',
      properties: {
        id,
        page: { name: 'get-yours-otc', step: { name: 'zip', number: 1, fallback: false } },
        session: { id: 'sess-fuzz-0001', paid: false, urlParams: {} },
      },
    },
    '/api/user/set': { id: 'user_fuzz_0001', updatedAt: Date.now() },
    '/api/event/client-error': { kind: 'event', message: 'failed to send', status: 502 },
    '/api/mediaalpha/demand-check': { product: 'medicare', page: 'get-yours-otc', localHour: 12 },
    '/api/mediaalpha/get-phone': { product: 'medicare', page: 'get-yours-otc', localHour: 12, zip: '90210' },
    '/api/mediaalpha/ads': { product: 'medicare', page: 'clicks', localHour: 12 },
    '/api/ipqs/check-ip': { userId: 'user_fuzz_0001', sessionId: 'sess-fuzz-0001' },
    '/api/quote-token': { token: 'not-a-token' },
    '/api/form/submit': {
      submissionId: id,
      page: '/get-yours-otc',
      step: 'zip',
      action: 'submit',
      values: { zipcode: '90210' },
    },
  };
}
const POST_ENDPOINTS = Object.keys(validTemplates());

/** Strings that hurt: unicode of every plane, lone surrogates, control characters, long runs. */
const nastyString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 64 }),
  fc.string({ unit: 'grapheme', maxLength: 64 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\ud800',
    '<script>alert(1)</script>',
    '../../etc/passwd',
    "' OR 1=1 --",
    '%00',
    '{{7*7}}',
    '__proto__',
    'constructor',
  ),
  fc.nat({ max: 70_000 }).map((n) => 'é'.repeat(n)),
);

const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
  fc.nat({ max: 64 }).map((depth) => nestedObject(depth)),
);

function nestedObject(depth: number): unknown {
  let value: unknown = 'core';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

/** The template with fields kept, dropped, replaced and added. */
function mutated(template: Record<string, unknown>): fc.Arbitrary<unknown> {
  const entries = Object.entries(template).map(([key, value]) =>
    fc.oneof(
      { weight: 2, arbitrary: fc.constant([key, value] as const) },
      { weight: 1, arbitrary: fc.constant(null) },
      { weight: 2, arbitrary: anyValue.map((v) => [key, v] as const) },
    ),
  );
  return fc.tuple(fc.tuple(...entries), fc.dictionary(nastyString, anyValue, { maxKeys: 3 })).map(([kept, extra]) => ({
    ...Object.fromEntries(kept.filter((e): e is readonly [string, unknown] => e !== null)),
    ...extra,
  }));
}

/** A request body as text: valid-ish JSON, any JSON, broken JSON, deep nesting or oversize. */
function bodyText(template: Record<string, unknown>): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: mutated(template).map((v) => JSON.stringify(v)) },
    { weight: 2, arbitrary: anyValue.map((v) => JSON.stringify(v) ?? 'null') },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
    {
      weight: 1,
      arbitrary: mutated(template).chain((v) => {
        const text = JSON.stringify(v);
        return fc.nat({ max: text.length }).map((n) => text.slice(0, n));
      }),
    },
    { weight: 1, arbitrary: fc.nat({ max: 5_000 }).map((d) => `${'['.repeat(d)}${']'.repeat(d)}`) },
    {
      weight: 1,
      arbitrary: fc.nat({ max: 200_000 }).map((n) => JSON.stringify({ ...template, padding: 'x'.repeat(n) })),
    },
  );
}

const contentType = fc.constantFrom(
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  '',
);

async function expectSafe(response: Response, label: string): Promise<void> {
  if (new URL(response.url || ORIGIN).pathname.startsWith('/api/') || label.includes('/api/')) {
    if (response.status >= 400) {
      expect(response.headers.get('content-type') ?? '', label).toMatch(/application\/json/);
      const parsed = errorBody.safeParse(await response.json());
      expect(parsed.success, label).toBe(true);
      // A partner that did not answer in time (a loaded machine) is the one 5xx the API gives by
      // design: 502 naming the partner. Any other 5xx is the Worker's own failure.
      if (response.status === 502 && parsed.data?.error.code === 'partner_unavailable') return;
      expect(response.status, label).toBeLessThan(500);
      return;
    }
  }
  expect(response.status, label).toBeLessThan(500);
  await response.body?.cancel();
}

/** A new visitor (own cookies, own client ip) for each request, so no per-visitor or per-ip state builds up. */
function visitorHeaders(brand = 'bh'): Record<string, string> {
  return { ...visitor(brand, { userAgent: 'fuzz/1.0' }).headers };
}

const RUNS_PER_ENDPOINT = 400;

describe('fuzzing the API', () => {
  it.each(POST_ENDPOINTS)('POST %s: never a 5xx, errors are JSON', { timeout: 180_000 }, async (path) => {
    const template = validTemplates()[path] ?? {};
    await fuzz(
      fc.asyncProperty(bodyText(template), contentType, async (body, type) => {
        const headers: Record<string, string> = { ...visitorHeaders(), ...(type ? { 'content-type': type } : {}) };
        const response = await fetchWorker(`${ORIGIN}${path}`, { method: 'POST', headers, body });
        await expectSafe(response, `POST ${path} ${type} ${body.slice(0, 120)}`);
      }),
      RUNS_PER_ENDPOINT,
    );
  });

  it('GET /api/location with any query: never a 5xx, errors are JSON', async () => {
    const query = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 40 }).map((zip) => `zip_code=${encodeURIComponent(zip)}`),
      fc.stringMatching(/^\d{5}$/).map((zip) => `zip_code=${zip}`),
      fc
        .dictionary(
          nastyString.filter((k) => k.length < 200),
          nastyString.filter((v) => v.length < 2000),
          { maxKeys: 4 },
        )
        .map((d) => new URLSearchParams(d).toString()),
    );
    await fuzz(
      fc.asyncProperty(query, async (q) => {
        const response = await fetchWorker(`${ORIGIN}/api/location?${q}`, { headers: visitorHeaders() });
        await expectSafe(response, `GET /api/location?${q.slice(0, 120)}`);
      }),
      200,
    );
  });

  it('any method and path under /api: never a 5xx, errors are JSON', async () => {
    const segment = fc.string({ unit: 'grapheme-ascii', maxLength: 20 }).map((s) => encodeURIComponent(s));
    await fuzz(
      fc.asyncProperty(
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH'),
        fc.array(segment, { minLength: 1, maxLength: 4 }),
        async (method, segments) => {
          const path = `/api/${segments.join('/')}`;
          const response = await fetchWorker(`${ORIGIN}${path}`, {
            method,
            headers: { ...visitorHeaders(), 'content-type': 'application/json' },
            ...(method === 'GET' ? {} : { body: '{}' }),
          });
          await expectSafe(response, `${method} ${path}`);
        },
      ),
      150,
    );
  });
});

/** Form steps of the Medicare, auto, life and quiz forms, posted without JavaScript. */
const STEP_POSTS = [
  { brand: 'bh', page: '/get-yours-otc', steps: ['zip', 'medicare', 'medicaid', 'name', 'contact'] },
  {
    brand: 'ps',
    page: '/call-auto',
    steps: ['zip', 'vehicles', 'insurance', 'insurer', 'home', 'home-quote', 'drivers', 'driver-details', 'contact'],
  },
  { brand: 'bh', page: '/get-life-now', steps: ['zip', 'coverage', 'about', 'name', 'contact'] },
  { brand: 'bh', page: '/quiz/medicare', steps: ['zip', 'medicare', 'medicaid', 'name', 'phone'] },
];

describe('fuzzing the form steps', () => {
  it('plain form posts to every step: never a 5xx', { timeout: 180_000 }, async () => {
    const target = fc
      .constantFrom(...STEP_POSTS)
      .chain((p) => fc.constantFrom(...p.steps).map((step) => ({ brand: p.brand, path: `${p.page}/${step}` })));
    const fields = fc.dictionary(
      fc.oneof(
        fc.constantFrom(
          'zipcode',
          'haveMedicare',
          'firstName',
          'phone',
          'email',
          '_action',
          'submissionId',
          'consentVersion',
          'vehicle1Year',
          'driver1Dob',
          'coverageAmount',
        ),
        nastyString.filter((k) => k.length < 100),
      ),
      nastyString,
      { maxKeys: 8 },
    );
    const body = fc.oneof(
      {
        weight: 4,
        arbitrary: fields.map((f) => ({
          type: 'application/x-www-form-urlencoded',
          text: new URLSearchParams(f).toString(),
        })),
      },
      {
        weight: 1,
        arbitrary: fc
          .string({ unit: 'binary', maxLength: 300 })
          .map((text) => ({ type: 'application/x-www-form-urlencoded', text })),
      },
      {
        weight: 1,
        arbitrary: fc.string({ maxLength: 300 }).map((text) => ({ type: 'multipart/form-data; boundary=xyz', text })),
      },
      {
        weight: 1,
        arbitrary: fc
          .nat({ max: 100_000 })
          .map((n) => ({ type: 'application/x-www-form-urlencoded', text: `zipcode=${'9'.repeat(n)}` })),
      },
    );
    await fuzz(
      fc.asyncProperty(target, body, async (t, b) => {
        const response = await fetchWorker(`http://${t.brand}.localhost${t.path}`, {
          method: 'POST',
          headers: { ...visitorHeaders(), 'content-type': b.type },
          body: b.text,
          redirect: 'manual',
        });
        expect(response.status, `POST ${t.path} ${b.text.slice(0, 120)}`).toBeLessThan(500);
        await response.body?.cancel();
      }),
      400,
    );
  });
});

/**
 * Values no lead rule accepts for these fields, so storing them would be a bug, not an
 * update. JSON null is left out: an explicit null clears a field by design (skip, removed
 * driver). Form posts carry strings only, so their bad values are strings.
 */
const notNull = <T>(a: fc.Arbitrary<T>) => a.filter((v) => v !== null);
const isZip = (v: unknown) => (typeof v === 'string' || typeof v === 'number') && /^\d{5}$/.test(String(v).trim());
// Total on any value (null-prototype objects have no String()): the lead boolean rule,
// src/shared/lead/fields.ts, accepts exactly a boolean, 1, 0, or one of these words.
const YES_NO_WORDS = ['true', 'false', '1', '0', 'yes', 'no', 'on'];
const isYesNo = (v: unknown) =>
  typeof v === 'boolean' ||
  v === 1 ||
  v === 0 ||
  (typeof v === 'string' && YES_NO_WORDS.includes(v.trim().toLowerCase()));
const blankOrLong = fc.oneof(
  fc.constantFrom('', ' ', '\t\n', '\u00a0'),
  fc.nat({ max: 500 }).map((n) => `${'x'.repeat(257 + n)}`),
);
const jsonBad = fc.record(
  {
    zipcode: notNull(anyValue).filter((v) => !isZip(v)),
    haveMedicare: notNull(anyValue).filter((v) => !isYesNo(v)),
    firstName: fc.oneof(
      blankOrLong,
      fc.integer(),
      fc.boolean(),
      fc.jsonValue({ maxDepth: 2 }).filter((v) => typeof v === 'object' && v !== null),
    ),
  },
  { requiredKeys: [] },
);
const formBad = fc.record(
  {
    zipcode: nastyString.filter((v) => !isZip(v)),
    haveMedicare: nastyString.filter((v) => !isYesNo(v)),
    firstName: blankOrLong,
  },
  { requiredKeys: [] },
);

describe("a visitor's stored values survive bad input", () => {
  it(
    'keeps zip, Medicare answer and first name through fuzzed JSON submits and form posts',
    { timeout: 180_000 },
    async () => {
      const v = visitor('bh', { userAgent: 'fuzz/1.0' });
      const headers = v.headers;
      const submit = (step: string, values: Record<string, unknown>) =>
        fetchWorker(`${ORIGIN}/api/form/submit`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ submissionId: crypto.randomUUID(), page: '/get-yours-otc', step, values }),
        });
      for (const [step, values] of [
        ['zip', { zipcode: '90210' }],
        ['medicare', { haveMedicare: '1' }],
        ['name', { firstName: 'Maria' }],
      ] as const) {
        expect((await submit(step, values)).status).toBe(200);
      }
      const stub = env.VISITOR.get(env.VISITOR.idFromName(v.key));
      const before = (await stub.getPageState('medicare')).values;
      expect(before).toMatchObject({ zipcode: '90210', firstName: 'Maria' });
      expect(before.haveMedicare).toBeDefined();

      const request = fc.oneof(
        // JSON submits of every step, submit or a bogus action, with bad values.
        fc
          .tuple(
            fc.constantFrom('zip', 'medicare', 'medicaid', 'name', 'contact'),
            jsonBad,
            fc.constantFrom('submit', 'bogus', undefined),
          )
          .map(([step, v, action]) => ({
            kind: 'json' as const,
            body: JSON.stringify({
              submissionId: crypto.randomUUID(),
              page: '/get-yours-otc',
              step,
              ...(action ? { action } : {}),
              values: v,
            }),
          })),
        // Whole bodies fuzzed around the same visitor's submit.
        bodyText({
          submissionId: crypto.randomUUID(),
          page: '/get-yours-otc',
          step: 'zip',
          values: { zipcode: '0000' },
        }).map((body) => ({ kind: 'json' as const, body })),
        // No-JS posts of the same steps.
        fc
          .tuple(fc.constantFrom('zip', 'medicare', 'name'), formBad)
          .map(([step, v]) => ({ kind: 'form' as const, step, body: new URLSearchParams(v).toString() })),
      );
      await fuzz(
        fc.asyncProperty(request, async (r) => {
          // Each run starts from the good values, so a counterexample names the request that broke them.
          await stub.submitStep({ submissionId: crypto.randomUUID(), form: 'medicare', step: 'reset', values: before });
          const response =
            r.kind === 'json'
              ? await fetchWorker(`${ORIGIN}/api/form/submit`, {
                  method: 'POST',
                  headers: { ...headers, 'content-type': 'application/json' },
                  body: r.body,
                })
              : await fetchWorker(`${ORIGIN}/get-yours-otc/${r.step}`, {
                  method: 'POST',
                  headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
                  body: r.body,
                  redirect: 'manual',
                });
          expect(response.status).toBeLessThan(500);
          await response.body?.cancel();
          const after = (await stub.getPageState('medicare')).values;
          expect(after.zipcode).toBe('90210');
          expect(after.haveMedicare).toEqual(before.haveMedicare);
          expect(after.firstName).toBe('Maria');
        }),
        250,
      );
      // The page the visitor sees still carries the stored zip.
      const page = await fetchWorker(`${ORIGIN}/get-yours-otc/zip`, { headers });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('90210');
    },
  );
});

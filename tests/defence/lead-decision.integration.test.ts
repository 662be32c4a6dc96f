import { env } from 'cloudflare:workers';
import { afterAll, describe, expect, it } from 'vitest';
import { brandByCode } from '../../brands';
import { formDefinition } from '../../src/shared/forms';
import { autoStepPosts } from '../support/auto-lead';
import { finishAuto } from '../support/auto-funnel';
import { atHumanPace, consentPage, finishMedicare, medicareContactOf } from '../support/consent';
import { hiddenFieldsOf, submissionIdOf, submitStep, visitor, type Visitor } from '../support/funnel';
import { asIfTaken } from '../support/pace';
import { sandboxScope } from '../support/sandbox';
import { passedTurnstile } from '../support/turnstile';

/**
 * The lead decision is right in both directions (docs/decisions/0230, 0231): a person's first
 * lead of each product is delivered, whatever else the person asked for and whatever a script
 * filed with their phone; a second lead of the same product, a replayed token and a crawler are
 * not. Each journey goes through the Worker and reads the lead rows it made. The tally at the end
 * is the confusion matrix of docs/performance.md ("Lead decision: confusion matrix").
 */
const bhSeller = brandByCode('bh')?.consent.medicare?.sellers[0]?.id ?? '';

interface Row {
  id: string;
  status: string;
  delivery: string | null;
  duplicate_of: string | null;
  trust_verdict: string | null;
  trust_reasons: string | null;
  withheld_reasons: string | null;
  turnstile: string | null;
  product: string;
}

async function rowsOf(v: Visitor): Promise<Row[]> {
  const rows = await env.DB.prepare(
    `SELECT id, status, delivery, duplicate_of, trust_verdict, trust_reasons, withheld_reasons, turnstile, product
     FROM leads WHERE visitor_id = ? ORDER BY created_at`,
  )
    .bind(v.id)
    .all<Row>();
  return rows.results;
}

async function rowOf(v: Visitor): Promise<Row> {
  const [row] = await rowsOf(v);
  expect(row, 'the lead is stored').toBeDefined();
  return row as Row;
}

const reasons = (text: string | null): string[] => JSON.parse(text ?? '[]') as string[];

/** What each journey's leads should have had and what they got: people's first leads and leads not to be sold. */
const tally = { person: { tried: 0, delivered: 0 }, notForSale: { tried: 0, delivered: 0 } };
function count(kind: keyof typeof tally, delivered: boolean): void {
  tally[kind].tried += 1;
  if (delivered) tally[kind].delivered += 1;
}

afterAll(() => {
  // The figures of docs/performance.md, printed where the command that measures them shows them.
  console.log(
    `lead decision: people's first leads delivered ${tally.person.delivered} of ${tally.person.tried}; ` +
      `leads not to be sold delivered ${tally.notForSale.delivered} of ${tally.notForSale.tried}`,
  );
});

/** The life funnel of /get-life-now as a person finishes it: at a person's pace, with a passing token. */
async function finishLife(v: Visitor, contact: { phone: string; email: string }): Promise<void> {
  await submitStep(v, '/get-life-now/zip', { zipcode: '85001' });
  await submitStep(v, '/get-life-now/coverage', { _action: 'skip' });
  await submitStep(v, '/get-life-now/about', { _action: 'skip' });
  await submitStep(v, '/get-life-now/name', { firstName: 'Ada', lastName: 'Lovelace' });
  const page = await consentPage(v, '/get-life-now/contact');
  await atHumanPace(v);
  const res = await v.post('/get-life-now/contact', {
    ...hiddenFieldsOf(page.raw),
    submissionId: submissionIdOf(page.raw),
    ...contact,
    'cf-turnstile-response': passedTurnstile(v.origin, 'life'),
  });
  expect(res.status).toBe(303);
}

/** The auto form's steps before the last, as a person posts them; returns the last step's post, ready to send. */
async function autoUpToLastStep(
  v: Visitor,
  contact: { phone: string; email: string },
): Promise<() => Promise<Response>> {
  const posts = autoStepPosts('/save-auto');
  for (const { path, form } of posts.slice(0, -1)) await submitStep(v, path, form);
  const last = posts[posts.length - 1];
  const html = await (await v.get(last?.path ?? '')).text();
  await asIfTaken(v);
  const fields = {
    ...hiddenFieldsOf(html),
    submissionId: submissionIdOf(html),
    ...last?.form,
    driver1Phone: contact.phone,
    driver1Email: contact.email,
    'cf-turnstile-response': passedTurnstile(v.origin, 'auto'),
  };
  return () => v.post(last?.path ?? '', fields);
}

/**
 * The Medicare form's final step posted by the island (JSON) with `contact` and `token`; the earlier
 * steps first unless the visitor has answered them already (`walk: false`, as going back to the last step).
 */
async function medicareLeadByJson(v: Visitor, contact: { phone: string; email: string }, token: string, walk = true) {
  const def = formDefinition('medicare');
  const last = def.steps[def.steps.length - 1];
  const answers: Record<string, Record<string, unknown>> = {
    zip: { zipcode: '33101' },
    medicare: { haveMedicare: true },
    medicaid: { haveMedicaid: false },
    name: { firstName: 'Ada', lastName: 'Lovelace' },
  };
  for (const step of walk ? def.steps.slice(0, -1) : []) {
    const res = await v.api({
      submissionId: crypto.randomUUID(),
      page: '/get-yours-otc',
      step: step.name,
      values: answers[step.name],
    });
    expect(res.status, step.name).toBe(200);
  }
  // `?edit=1`: a visitor who finished the form sees the confirmation first; this one answers again.
  const hidden = hiddenFieldsOf(await (await v.get(`/get-yours-otc/${last?.name}?edit=1`)).text());
  await asIfTaken(v);
  const res = await v.api({
    submissionId: crypto.randomUUID(),
    page: '/get-yours-otc',
    step: last?.name,
    values: { ...contact, [`consentSeller:${bhSeller}`]: 'yes' },
    consentVersion: hidden.consentVersion,
    quoteToken: hidden.quoteToken,
    turnstileToken: token,
  });
  expect(res.status).toBe(200);
}

describe('a rule that names another lead counts only a delivered or verified lead of the same product', () => {
  it('one person asks for Medicare on bh, auto on tqg and life on ayb: three delivered; a second auto lead is a duplicate', async () => {
    const scopes = [sandboxScope(), sandboxScope(), sandboxScope(), sandboxScope()];
    const [onBh, onTqg, onAyb, again] = [
      visitor('bh', { ip: scopes[0]?.ip }),
      visitor('tqg', { ip: scopes[1]?.ip }),
      visitor('ayb', { ip: scopes[2]?.ip }),
      visitor('ps', { ip: scopes[3]?.ip }),
    ] as const;
    const contact = medicareContactOf(onBh);
    await finishMedicare(onBh, [bhSeller], contact);
    await finishAuto(onTqg, '/save-auto', { driver1Phone: contact.phone, driver1Email: contact.email });
    await finishLife(onAyb, contact);
    const firsts = [await rowOf(onBh), await rowOf(onTqg), await rowOf(onAyb)];
    expect(firsts.map((r) => r.product)).toEqual(['medicare', 'auto', 'life']);
    for (const row of firsts) {
      count('person', row.delivery === 'delivered');
      expect(row, row.product).toMatchObject({ status: 'complete', delivery: 'delivered', trust_verdict: 'clean' });
      expect(reasons(row.trust_reasons), row.product).toEqual([]);
    }
    // The same person's second auto lead, from another visitor and brand: one auto lead is sold.
    await finishAuto(again, '/save-auto', { driver1Phone: contact.phone, driver1Email: contact.email });
    const second = await rowOf(again);
    count('notForSale', second.delivery === 'delivered');
    expect(second).toMatchObject({ status: 'duplicate', delivery: 'withheld', duplicate_of: firsts[1]?.id });
    expect(reasons(second.withheld_reasons)).toContain('duplicate');
    expect(reasons(second.trust_reasons)).toEqual(expect.arrayContaining(['duplicate-phone', 'duplicate-email']));
  });

  it("a script without a token files a person's phone first; the person's own verified lead is delivered", async () => {
    const [sa, sb] = [sandboxScope(), sandboxScope()];
    const script = visitor('ps', { ip: sa.ip });
    const owner = visitor('tqg', { ip: sb.ip });
    const contact = medicareContactOf(owner);
    await finishAuto(script, '/save-auto', {
      driver1Phone: contact.phone,
      driver1Email: contact.email,
      'cf-turnstile-response': '',
    });
    const filed = await rowOf(script);
    count('notForSale', filed.delivery === 'delivered');
    expect(filed).toMatchObject({ turnstile: 'unverified', delivery: 'withheld' });
    await finishAuto(owner, '/save-auto', { driver1Phone: contact.phone, driver1Email: contact.email });
    const own = await rowOf(owner);
    count('person', own.delivery === 'delivered');
    expect(own).toMatchObject({
      status: 'complete',
      delivery: 'delivered',
      trust_verdict: 'clean',
      duplicate_of: null,
    });
    expect(reasons(own.trust_reasons)).toEqual([]);
  });
});

describe("one person's first lead is delivered once", () => {
  it('four first leads of one phone posted at the same instant by four visitors: exactly one is delivered', async () => {
    const visitors = [visitor('ps'), visitor('tqg'), visitor('ac'), visitor('ps')];
    const contact = medicareContactOf(visitors[0] as Visitor);
    const finals = [];
    for (const v of visitors) finals.push(await autoUpToLastStep(v, contact));
    const replies = await Promise.all(finals.map((post) => post()));
    for (const res of replies) expect(res.status).toBe(303);
    const rows = await Promise.all(visitors.map((v) => rowOf(v)));
    const delivered = rows.filter((r) => r.delivery === 'delivered');
    count('person', delivered.length > 0);
    for (let i = 1; i < rows.length; i += 1) count('notForSale', delivered.length > i);
    expect(delivered).toHaveLength(1);
    const first = delivered[0]?.id;
    for (const row of rows.filter((r) => r.id !== first))
      expect(row).toMatchObject({ status: 'duplicate', delivery: 'withheld', duplicate_of: first });
    const claims = await env.DB.prepare(`SELECT DISTINCT lead_id FROM first_leads WHERE lead_id IN (?, ?, ?, ?)`)
      .bind(...rows.map((r) => r.id))
      .all<{ lead_id: string }>();
    expect(claims.results.map((c) => c.lead_id)).toEqual([first]);
  });
});

describe('one Turnstile token backs one lead', () => {
  it('one token, three leads of one visitor with three contacts: one delivered, two turnstile-reused; the first resubmitted with its token stays fine', async () => {
    const v = visitor('bh');
    const token = passedTurnstile(v.origin, 'medicare');
    const contacts = [0, 1, 2].map((i) => {
      const { phone, email } = medicareContactOf(visitor('bh'));
      return { phone, email: email.replace('@', `+${i}@`) };
    });
    await medicareLeadByJson(v, contacts[0] ?? { phone: '', email: '' }, token);
    // The same lead (visitor, form, contact) resubmitted with its own token: a retry, not a replay.
    await medicareLeadByJson(v, contacts[0] ?? { phone: '', email: '' }, token, false);
    await medicareLeadByJson(v, contacts[1] ?? { phone: '', email: '' }, token, false);
    await medicareLeadByJson(v, contacts[2] ?? { phone: '', email: '' }, token, false);
    const rows = await rowsOf(v);
    expect(rows).toHaveLength(3);
    const [first, ...others] = rows;
    count('person', first?.delivery === 'delivered');
    expect(first).toMatchObject({ turnstile: 'passed', trust_verdict: 'clean', delivery: 'delivered' });
    for (const row of others) {
      count('notForSale', row.delivery === 'delivered');
      expect(row).toMatchObject({ turnstile: 'reused', trust_verdict: 'bot', delivery: 'withheld' });
      expect(reasons(row.trust_reasons)).toContain('turnstile-reused');
    }
  });
});

describe('the Worker judges the user agent', () => {
  it('a person on a CUBOT phone is delivered; Googlebot with a solved token is not', async () => {
    const cubot = visitor('ps', {
      userAgent:
        'Mozilla/5.0 (Linux; Android 11; CUBOT_X50 Build/RP1A.200720.011) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 Mobile Safari/537.36',
    });
    await finishAuto(cubot);
    const person = await rowOf(cubot);
    count('person', person.delivery === 'delivered');
    expect(person).toMatchObject({ trust_verdict: 'clean', delivery: 'delivered' });
    const crawler = visitor('ps', {
      userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    });
    await finishAuto(crawler);
    const bot = await rowOf(crawler);
    count('notForSale', bot.delivery === 'delivered');
    expect(bot).toMatchObject({ trust_verdict: 'bot', delivery: 'withheld' });
    expect(reasons(bot.trust_reasons)).toContain('bot-ua');
  });
});

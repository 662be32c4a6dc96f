import { describe, expect, it } from 'vitest';
import { finishMedicare, medicareContactOf } from '../support/consent';
import { decode, leadsOf, visitor, type Visitor } from '../support/funnel';
import { pastPhoneDeadline, pollUntil } from '../support/poll';
import { sandboxScope } from '../support/sandbox';

/**
 * Items 1 and 2 through the Worker: a page shows one number everywhere (the live
 * lease of its product, with the lifetime the browser needs to end it), and a finished
 * visitor sees the confirmation, not a form, on every page of the product, without
 * JavaScript too; a second post of the same final step stores nothing new.
 */
const BH_DEFAULT = '18005550101';

function telLinks(html: string): string[] {
  return [...html.matchAll(/href="tel:\+(\d+)"/g)].map((m) => m[1] ?? '');
}

function pagePhone(html: string): {
  phone: { digits: string; leased: boolean };
  fallback: { digits: string };
  expiresInMs: number | null;
} {
  const json = /<script[^>]*id="page-context"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1];
  expect(json, 'the page carries its context').toBeDefined();
  return (JSON.parse(json ?? '{}') as { phone: ReturnType<typeof pagePhone> }).phone;
}

async function leasePhone(v: Visitor, page: string) {
  expect((await v.get(`/${page}`)).status).toBe(200);
  type Reply = { phone: { digits: string; leased: boolean }; expiresInMs: number | null; source: string };
  return pastPhoneDeadline(async () => {
    const res = await v.fetch('/api/mediaalpha/get-phone', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ page, localHour: 10 }),
    });
    expect(res.status).toBe(200);
    return res.json<Reply>();
  });
}

describe('one number on the page', () => {
  it('get-phone answers the lease with its lifetime, and every tel: link of a page of that product shows it', async () => {
    const sb = sandboxScope();
    const v = visitor('bh', { ip: sb.ip });
    const reply = await leasePhone(v, 'otc-allowance');
    expect(reply.phone.leased).toBe(true);
    expect(reply.phone.digits).toMatch(/^1833555\d{4}$/);
    expect(reply.expiresInMs).toBeGreaterThan(290_000);
    expect(reply.expiresInMs).toBeLessThanOrEqual(300_000);

    const html = await (await v.get('/get-yours-otc')).text();
    const links = telLinks(html);
    expect(links.length).toBeGreaterThanOrEqual(2);
    expect(new Set(links)).toEqual(new Set([reply.phone.digits]));
    const seed = pagePhone(html);
    expect(seed.phone.digits).toBe(reply.phone.digits);
    expect(seed.fallback.digits).toBe(BH_DEFAULT);
    expect(seed.expiresInMs).toBeGreaterThan(280_000);
  });

  it('a page without a lease sends the default number and no lifetime', async () => {
    const v = visitor('bh');
    const html = await (await v.get('/otc-allowance')).text();
    expect(new Set(telLinks(html))).toEqual(new Set([BH_DEFAULT]));
    expect(pagePhone(html)).toMatchObject({
      phone: { digits: BH_DEFAULT, leased: false },
      fallback: { digits: BH_DEFAULT },
      expiresInMs: null,
    });
  });
});

describe('the finish without JavaScript', () => {
  it('shows the confirmation with the leased number instead of the form, on this and another page of the product', async () => {
    const sb = sandboxScope();
    const v = visitor('bh', { ip: sb.ip });
    const final = await finishMedicare(v);
    expect(final.version).not.toBe('');

    // The Worker waits for the lease at most get-phone's 1 s deadline before the redirect; on a
    // loaded machine the partner's answer may land just after it (stored for the next page).
    const done = await pollUntil(
      async () => decode(await (await v.get('/get-yours-otc/contact')).text()),
      (html) => /^1833555\d{4}$/.test(telLinks(html)[0] ?? ''),
      15_000,
    );
    expect(done).toContain('data-confirmation');
    expect(done).toContain('Thank you! Your request is in.');
    expect(done).toContain('What happens next');
    expect(done).not.toContain('name="phone"');
    expect(done).not.toMatch(/<form[^>]*method="post"/);
    // The lease the Worker took for the finish, in every call button, header included.
    const leased = telLinks(done);
    expect(leased[0]).toMatch(/^1833555\d{4}$/);
    expect(new Set(leased).size).toBe(1);
    expect(done).toContain('href="/get-yours-otc/zip?edit=1"');
    expect(done).toContain('Edit my answers');

    // Another page of the same product: the confirmation first, with "start a new quote".
    const other = decode(await (await v.get('/otc-allowance')).text());
    expect(other).toContain('data-confirmation');
    expect(other).toContain('Start a new quote');
    expect(other).not.toContain('name="zipcode"');
    expect(new Set(telLinks(other))).toEqual(new Set(leased));
    const start = /href="(\/otc-allowance\/[a-z]+\?edit=1)"/.exec(other)?.[1];
    expect(start).toBeDefined();

    // Editing: the form again, with the answers kept; the marker rides along the steps.
    const editing = decode(await (await v.get(start ?? '/')).text());
    expect(editing).not.toContain('data-confirmation');
    expect(editing).toContain('name="zipcode"');
    expect(editing).toContain('value="33101"');
    expect(editing).toMatch(/action="\/otc-allowance\/zip\?edit=1"/);

    // A visitor who finished nothing still starts with the form.
    const fresh = visitor('bh', { ip: sb.ip });
    expect(decode(await (await fresh.get('/otc-allowance')).text())).toContain('name="zipcode"');
  });

  it('a second post of the same final answers stores no second lead, and the redirect drops the edit marker', async () => {
    const v = visitor('bh');
    const page = await finishMedicare(v);
    expect(await leadsOf(v.id)).toHaveLength(1);
    // The visitor goes back (edit) and sends the same answers again.
    const again = await v.post('/get-yours-otc/contact?edit=1', {
      submissionId: crypto.randomUUID(),
      consentVersion: page.version,
      ...medicareContactOf(v),
    });
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe('/get-yours-otc/contact');
    const leads = await leadsOf(v.id);
    expect(leads).toHaveLength(1);
  });
});

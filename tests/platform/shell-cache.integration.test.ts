import { SELF } from 'cloudflare:test';
import { afterEach, describe, expect, it } from 'vitest';
import { formIslands, shellSharing } from '../../src/worker/pages';
import { submitStep, visitor, type Visitor } from '../support/funnel';
import { finishMedicare } from '../support/consent';
import { pastPhoneDeadline, pollUntil } from '../support/poll';
import { sandboxScope } from '../support/sandbox';
import { maskFresh as normalise } from '../support/page-html';

function pageContext(html: string): unknown {
  const json = /<script nonce="[^"]+" type="application\/json" id="page-context">([^<]*)<\/script>/.exec(html)?.[1];
  return JSON.parse(json ?? 'null');
}

afterEach(() => {
  shellSharing.enabled = true;
});

const CASES = [
  'http://bh.localhost/get-yours-otc',
  'http://bh.localhost/get-yours-otc/coverage?utm_source=google&utm_campaign=spring&gclid=abc',
  'http://ps.localhost/compare-auto/vehicles?utm_source=bing&x=%22quoted%22&y=a%26b',
  'http://bh.localhost/privacy',
  'http://m10es.localhost/',
  'http://bh.localhost/clicks?utm_medium=aff',
];

describe('shared page shells', () => {
  for (const url of CASES) {
    it(`serves the same page as a fresh render: ${url}`, async () => {
      // One visitor for all three requests, so the fresh and the shared render have the same context.
      const { hostname, pathname, search } = new URL(url);
      const v = visitor(hostname.split('.')[0]);
      const path = `${pathname}${search}`;
      shellSharing.enabled = false;
      const fresh = await (await v.get(path)).text();
      shellSharing.enabled = true;
      await v.get(path); // fills the cache
      const cached = await (await v.get(path)).text();
      expect(normalise(cached)).toBe(normalise(fresh));
      // The context is this visitor's, not an empty or shared one.
      expect(pageContext(cached)).toMatchObject({
        page: { name: expect.any(String) },
        visitorId: v.id,
        tracking: { anonymousId: v.id },
      });
    });
  }

  it('a visitor whose only state is a lease gets the shared shell with their number, as a fresh render would show it', async () => {
    const sb = sandboxScope();
    const v = visitor('bh', { ip: sb.ip });
    // A loaded run can answer with the deadline's fallback while the lease is on its way: ask again.
    const reply = await pastPhoneDeadline(async () => {
      const leased = await v.fetch('/api/mediaalpha/get-phone', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ page: 'get-yours-otc', localHour: 12 }),
      });
      return leased.json<{ phone: { display: string; href: string }; source: string }>();
    });
    // The partner's lease, answered now or stored from the call the deadline outran.
    expect(['partner', 'stored']).toContain(reply.source);
    const path = '/get-yours-otc';
    shellSharing.enabled = false;
    const fresh = await (await v.get(path)).text();
    shellSharing.enabled = true;
    await v.get(path); // fills the cache with the leased shell
    const response = await v.get(path);
    const cached = await response.text();
    expect(normalise(cached)).toBe(normalise(fresh));
    // The visitor's number, on every call button and in the islands' props; never a shared cache.
    expect(cached).toContain(`href="${reply.phone.href}"`);
    expect(cached).toContain(`<span class="cta-phone__number">${reply.phone.display}</span>`);
    expect(cached).not.toContain('href="tel:+18005550101"');
    expect(cached).not.toMatch(/qfPhone\w*Slot/);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    // Another visitor of the same page still sees the brand's number from the same kind of shell.
    const other = await (await visitor('bh').get(path)).text();
    expect(other).toContain('href="tel:+18005550101"');
    expect(other).not.toContain(reply.phone.href);
  });

  /** The page as a fresh render gives it, then from the shared shell (the second request fills from the cache). */
  async function freshAndShared(
    v: Visitor,
    path: string,
  ): Promise<{ fresh: string; shared: string; response: Response }> {
    shellSharing.enabled = false;
    const fresh = await (await v.get(path)).text();
    shellSharing.enabled = true;
    await v.get(path);
    const before = shellSharing.formApartFills;
    const response = await v.get(path);
    // Served from the shared shell, the island rendered for this request (not a fresh render of the page).
    expect(shellSharing.formApartFills, path).toBe(before + 1);
    return { fresh, shared: await response.text(), response };
  }

  it('a visitor with stored answers gets the shared page around a form island rendered for them, as a fresh render shows it', async () => {
    const v = visitor('bh');
    await submitStep(v, '/get-yours-otc/zip', { zipcode: '33101' });
    await submitStep(v, '/get-yours-otc/medicare', { haveMedicare: '1' });
    for (const path of ['/get-yours-otc/zip', '/get-yours-otc/medicare', '/get-yours-otc/medicaid']) {
      const { fresh, shared, response } = await freshAndShared(v, path);
      expect(normalise(shared), path).toBe(normalise(fresh));
      expect(shared).not.toMatch(/qfFormIslandSlot|data-form-island/);
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      // Their answers in the island's props, and (after the zip step) their place in the form.
      expect(shared).toContain('"zipcode":"33101"');
      if (path !== '/get-yours-otc/zip') expect(shared).toContain('Miami');
      // One island, and the islands script that hydrates it.
      expect(shared.match(/data-island="quote-form"/g)).toHaveLength(1);
      expect(shared).toMatch(/<script nonce="[^"]+" type="module" src="\/build\/islands-/);
    }
    // The same shell serves another visitor of the page: none of the first visitor's answers come with it.
    const other = await (await visitor('bh').get('/get-yours-otc/medicare')).text();
    // As a whole number: a random id's hex digits could hold the five digits.
    expect(other).not.toMatch(/\b33101\b/);
    expect(other).not.toContain('Miami');
    expect(other.match(/data-island="quote-form"/g)).toHaveLength(1);
  });

  it('visitors with the same answers share one rendered form island, each with their own submission id and query, as a fresh render shows it', async () => {
    const answer = async (zipcode: string) => {
      const v = visitor('bh');
      await submitStep(v, '/get-yours-otc/zip', { zipcode });
      await submitStep(v, '/get-yours-otc/medicare', { haveMedicare: '1' });
      return v;
    };
    const [first, second, elsewhere] = [await answer('33101'), await answer('33101'), await answer('90210')];
    const path = '/get-yours-otc/medicaid?utm_source=google&utm_campaign=spring&gclid=abc';
    const sub = (html: string) => /name="submissionId" value="([^"]+)"/.exec(html)?.[1];
    // The final step's form carries a quote token of its own too.
    for (const step of [path, '/get-yours-otc/contact']) {
      const firstPage = await (await first.get(step)).text();
      // The second visitor's page: from the island the first one's request rendered, and as a fresh render.
      const hits = formIslands.hits;
      const { fresh, shared } = await freshAndShared(second, step);
      expect(formIslands.hits, step).toBeGreaterThanOrEqual(hits + 2);
      expect(normalise(shared), step).toBe(normalise(fresh));
      expect(sub(shared), step).toMatch(/^[0-9a-f-]{36}$/);
      expect(sub(shared), step).not.toBe(sub(firstPage));
      expect(shared, step).not.toMatch(/qfSearchSlot|qfQuoteTokenSlot|qfPhone\w*Slot|00000000c0de/);
      // The final step's token is this request's, never the one the kept island was rendered with.
      const token = (html: string) => /\bv1\.[\w-]+\.[\w-]+/.exec(html)?.[0];
      if (step.endsWith('/contact')) {
        expect(token(shared)).toMatch(/^v1\./);
        expect(token(shared)).not.toBe(token(firstPage));
      }
    }
    expect(await (await second.get(path)).text()).toContain('utm_campaign=spring&amp;gclid=abc');
    // Other answers are another island: the first visitors' zip and place are not in it.
    const other = await freshAndShared(elsewhere, path);
    expect(normalise(other.shared)).toBe(normalise(other.fresh));
    expect(other.shared).toContain('"zipcode":"90210"');
    expect(other.shared).not.toMatch(/\b33101\b/);
    expect(other.shared).not.toContain('Miami');
  });

  it('a finished visitor gets the confirmation in the shared page, as a fresh render shows it', async () => {
    const sb = sandboxScope();
    const v = visitor('bh', { ip: sb.ip });
    await finishMedicare(v);
    // The finish's lease may land after its redirect (get-phone's 1 s deadline): compare once it has.
    await pollUntil(
      async () => (await v.get('/get-yours-otc/contact')).text(),
      (html) => html.includes('href="tel:+1833555'),
      15_000,
    );
    const { fresh, shared } = await freshAndShared(v, '/get-yours-otc/contact');
    expect(normalise(shared)).toBe(normalise(fresh));
    // Their name and contact are in the island: it is rendered for each request, never kept.
    const hits = formIslands.hits;
    await v.get('/get-yours-otc/contact');
    expect(formIslands.hits).toBe(hits);
    expect(shared).toContain('data-confirmation');
    expect(shared).not.toContain('name="phone"');
  });

  it('gives each request its own nonce, visitor id and submission id', async () => {
    const a = await (await SELF.fetch('http://bh.localhost/get-yours-otc')).text();
    const b = await (await SELF.fetch('http://bh.localhost/get-yours-otc')).text();
    expect(/nonce="([^"]+)"/.exec(a)?.[1]).not.toBe(/nonce="([^"]+)"/.exec(b)?.[1]);
    expect((pageContext(a) as { visitorId: string }).visitorId).not.toBe(
      (pageContext(b) as { visitorId: string }).visitorId,
    );
    const sub = (html: string) => /name="submissionId" value="([^"]+)"/.exec(html)?.[1];
    expect(sub(a)).toMatch(/^[0-9a-f-]{36}$/);
    expect(sub(a)).not.toBe(sub(b));
    expect(a).not.toContain('qfNonceSlot');
    expect(a).not.toContain('qfSearchSlot');
    expect(a).not.toContain('00000000c0de');
  });
});

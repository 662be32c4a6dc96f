import { describe, expect, it } from 'vitest';
import { decode, visitor } from '../support/funnel';
import { loopbackIp, sandboxScope } from '../support/sandbox';

/**
 * The sections visitors expect, through the Worker's fetch: the FAQ and its
 * FAQPage JSON-LD (indexable pages only), the home page's ZIP field that starts the brand's
 * main funnel without JavaScript, the 404 page in the page's language with the call and the
 * funnels, carrier review pages with carrier data and a ZIP form, unique guide titles, and
 * listings that show the page's product and language with the disclosure first.
 */

/** Every JSON-LD block of a page, parsed (a block that is not valid JSON fails the test). */
function jsonLdBlocks(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1] ?? '') as unknown,
  );
}

function summaries(html: string): string[] {
  return [...html.matchAll(/<summary>([\s\S]*?)<\/summary>/g)].map((m) => m[1] ?? '');
}

/** The attributes of the first <form> whose markup matches `marker`. */
function formWith(html: string, marker: string): string {
  const form = [...html.matchAll(/<form\b[\s\S]*?<\/form>/g)].map((m) => m[0]).find((f) => f.includes(marker));
  expect(form, `a form with ${marker}`).toBeDefined();
  return form ?? '';
}

describe('FAQ with FAQPage JSON-LD', () => {
  it('puts the questions shown into valid FAQPage JSON-LD on an indexable page', async () => {
    const html = decode(await (await visitor('bh').get('/')).text());
    expect(html).not.toContain('name="robots"');
    const questions = summaries(html);
    expect(questions.length).toBeGreaterThanOrEqual(3);
    const blocks = jsonLdBlocks(html);
    expect(blocks).toHaveLength(1);
    const faq = blocks[0] as {
      '@context': string;
      '@type': string;
      mainEntity: { name: string; acceptedAnswer: { text: string } }[];
    };
    expect(faq['@context']).toBe('https://schema.org');
    expect(faq['@type']).toBe('FAQPage');
    expect(faq.mainEntity.map((q) => q.name)).toEqual(questions);
    for (const q of faq.mainEntity) expect(q.acceptedAnswer.text.length).toBeGreaterThan(20);
  });

  it('shows the FAQ but no JSON-LD on a noindex page', async () => {
    const html = decode(await (await visitor('bh').get('/get-yours-otc')).text());
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(summaries(html).length).toBeGreaterThanOrEqual(3);
    expect(jsonLdBlocks(html)).toHaveLength(0);
    expect(html).not.toContain('FAQPage');
  });

  it('asks the product’s questions in the page’s language (Spanish on m10es, auto on ps)', async () => {
    const es = decode(await (await visitor('m10es').get('/')).text());
    expect(summaries(es)).toContain('¿Cuesta algo comparar planes?');
    const auto = decode(await (await visitor('ps').get('/')).text());
    expect(summaries(auto)).toContain('Why do quotes differ between insurers?');
    expect(auto).not.toContain('When can I change my Medicare plan?');
  });
});

describe('home page ZIP field (no JavaScript)', () => {
  it('is a GET form to the brand’s main funnel whose first step shows the ZIP filled in', async () => {
    const v = visitor('bh');
    const home = decode(await (await v.get('/')).text());
    const form = formWith(home, 'name="zip_code"');
    expect(form).toContain('method="get"');
    const action = /action="([^"]+)"/.exec(form)?.[1];
    expect(action).toBe('/general-medicare');
    // What the browser sends when the visitor types 33101 and presses the button.
    const res = await v.get(`${action}?zip_code=33101`);
    expect(res.status).toBe(200);
    const step = decode(await res.text());
    expect(step).toMatch(/<input[^>]*name="zipcode"[^>]*value="33101"|<input[^>]*value="33101"[^>]*name="zipcode"/);
    // Stored for the visitor: the same step without the parameter still shows it.
    const again = decode(await (await v.get('/general-medicare')).text());
    expect(again).toMatch(/<input[^>]*name="zipcode"[^>]*value="33101"|<input[^>]*value="33101"[^>]*name="zipcode"/);
  });

  it('starts each brand’s own product: car insurance on ps, Spanish Medicare on m10es', async () => {
    const ps = formWith(decode(await (await visitor('ps').get('/')).text()), 'name="zip_code"');
    expect(ps).toContain('action="/compare-auto"');
    const es = formWith(decode(await (await visitor('m10es').get('/')).text()), 'name="zip_code"');
    expect(es).toContain('action="/go-4-benefits-es"');
    expect(es).toContain('Su código postal');
  });
});

describe('404 page', () => {
  it('is Spanish on m10es, with the call button and the brand’s funnels', async () => {
    const res = await visitor('m10es').get('/no-such-page-here');
    expect(res.status).toBe(404);
    const html = decode(await res.text());
    expect(html).toContain('<html lang="es"');
    expect(html).toContain('<h1>Página no encontrada</h1>');
    expect(html).toContain('Página no encontrada: /no-such-page-here');
    expect(html).not.toContain('Page not found');
    expect(html).toMatch(/<a class="cta-phone[^"]*" href="tel:\+1\d{10}"/);
    // The call copy (and the context the main script repaints it from) is Spanish too.
    expect(html).not.toMatch(/Call now|Licensed agents|TTY 711<\/span><\/span><\/span>Call/);
    expect(html).toContain('"language":"spanish"');
    expect(html).toContain('href="/go-4-benefits-es"');
    expect(html).toContain('Comparar planes de Medicare');
  });

  it('offers every product the brand sells on ac, in English', async () => {
    const html = decode(await (await visitor('ac').get('/nothing-here')).text());
    expect(html).toContain('href="/general-medicare"');
    expect(html).toContain('href="/compare-auto"');
    expect(html).toContain('href="tel:');
  });
});

describe('carrier review pages (ac)', () => {
  it('say what the carrier offers, where and what to compare, with a ZIP form to the Medicare funnel', async () => {
    const html = decode(await (await visitor('ac').get('/reviews/humana')).text());
    expect(html).toContain('What Humana offers');
    expect(html).toContain('Dual-eligible special needs plans (D-SNP)');
    expect(html).toContain('HMO, PPO and Special Needs Plans in most states');
    expect(html).toContain('What to compare');
    expect(html).toContain('Whether your prescriptions are on the drug list');
    const form = formWith(html, 'name="zip_code"');
    expect(form).toContain('action="/general-medicare"');
    // Honest by construction: no rating of any kind in the page's content.
    const main = /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? '';
    expect(main).not.toMatch(/\brating|\bstars?\b|out of 5/i);
  });

  it('the reviews index lists the carriers reviewed with links to their pages', async () => {
    const html = decode(await (await visitor('ac').get('/reviews')).text());
    for (const carrier of ['aetna', 'cigna', 'humana', 'wellcare', 'unitedhealthcare'])
      expect(html).toContain(`href="/reviews/${carrier}"`);
    expect(html).toContain('name="zip_code"');
  });
});

describe('benefits this page covers', () => {
  it('reads benefit codes as translated words, never raw chips', async () => {
    const html = decode(await (await visitor('bh').get('/get-yours-otc')).text());
    expect(html).toContain('Benefits this page covers');
    expect(html).toContain('Over-the-counter allowance');
    expect(html).not.toMatch(/<li>otc<\/li>|<li>dental<\/li>/);
    const es = decode(await (await visitor('m10es').get('/get-yours-otc-es')).text());
    expect(es).toContain('Beneficios que trata esta página');
  });
});

describe('home "popular guides"', () => {
  it('never repeats a title on ps (it showed "Compare car insurance offers" four times)', async () => {
    const html = decode(await (await visitor('ps').get('/')).text());
    const guides = /<ul class="guides">([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? '';
    const titles = [...guides.matchAll(/<a href="[^"]+">([^<]+)<\/a>/g)].map((m) => m[1]);
    expect(titles.length).toBeGreaterThan(3);
    expect(new Set(titles).size).toBe(titles.length);
  });
});

describe('listings: the page’s product and language, disclosure first', () => {
  function scoped(brand: string) {
    const sb = sandboxScope(loopbackIp());
    return { sb, v: visitor(brand, { ip: sb.ip }) };
  }
  const refsOf = (html: string) => [...html.matchAll(/data-ad-ref="([^"]+)"/g)].map((m) => m[1]);

  it('a Medicare page drops the marketplace’s auto and Spanish offers and discloses before the first offer', async () => {
    const { sb, v } = scoped('bh');
    const html = decode(await (await v.get('/ads')).text());
    const refs = refsOf(html);
    expect(refs.length).toBeGreaterThanOrEqual(3);
    expect(refs).not.toContain('sbx-4'); // the auto offer
    expect(refs).not.toContain('sbx-6'); // the Spanish offer
    const disclosure = html.indexOf('class="ad-listing__disclosure"');
    expect(disclosure).toBeGreaterThan(0);
    expect(disclosure).toBeLessThan(html.indexOf('data-ad-ref='));
    expect(await sb.calls('mediaalpha', '/ads')).toHaveLength(1);
  });

  it('a Spanish page shows only the Spanish offer', async () => {
    const { v } = scoped('bh');
    const html = decode(await (await v.get('/ads-es')).text());
    expect(refsOf(html)).toEqual(['sbx-6']);
  });

  it('an auto page drops the Medicare offer', async () => {
    const { v } = scoped('ps');
    const refs = refsOf(decode(await (await v.get('/clicks-auto')).text()));
    expect(refs.length).toBeGreaterThanOrEqual(2);
    expect(refs.every((ref) => ref?.startsWith('sbx-auto-'))).toBe(true);
    expect(refs).not.toContain('sbx-auto-4');
  });

  it('the ads API filters the same way', async () => {
    const { v } = scoped('bh');
    await v.get('/ads-es');
    const res = await v.fetch('/api/mediaalpha/ads', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ product: 'medicare', page: 'ads-es', localHour: 12 }),
    });
    expect(res.status).toBe(200);
    const body: { ads: { ref: string }[] } = await res.json();
    expect(body.ads.map((ad) => ad.ref)).toEqual(['sbx-6']);
  });
});

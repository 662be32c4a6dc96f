import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BRAND_CODES } from '../../brands/schema';
import { assertKnownHooks, runPageCheck } from './checks';
import { campaignId } from './families/family';
import { assertUniqueRoutes, findRoute, isServedFor, pathShape, ROUTES, routeByName } from './registry';
import { routeRecordSchema, type RouteRecord } from './schema';

/** Every page of spec section 2, written out independently of the family tables. */
const SPEC_FUNNEL_PAGES = `
ads ads-es clicks clicks-auto tos privacy ac-v1 ac-v1-lp
chat-ad chat-ad-es chat-ad-f3z chat-ad-csnp chat-ad-comms chat-ad-dental chat-ad-giveback
grocery grocery-preview carriers call-auto
go-4-life go-4-health go-4-benefits go-4-life-es go-4-health-es go-4-benefits-es
save-auto secret-auto buyback-ad buyback-ad-2 get-offers get-offers-xyq otc-savings
compare-auto compare-auto-new compare-auto-clicks compare-auto-new-clicks compare-save compare-now-n2g compare-now-n2g-clicks
compare-rates-m6b compare-rates-m7d compare-rates-n2i compare-state-rates-m6b
get-life-now senior-deals auto-insurers dental-vision dental-vision-preview find-benefits
get-yours-k9b get-yours-otc get-yours-ss1 get-yours-x4c get-yours-x4d get-yours-x4z get-yours-x5g get-yours-ss1-m get-yours-csnp get-yours-dental get-yours-dental-h5e
get-yours-k9b-es get-yours-otc-es get-yours-ss1-es get-yours-x4c-es get-yours-x4d-es get-yours-x4z-es get-yours-x5g-es get-yours-ss1-m-es get-yours-csnp-es get-yours-dental-es get-yours-dental-h5e-es
otc-allowance otc-allowance-now otc-allowance-preview csnp-allowance csnp-allowance-now plan-disruptions plan-disruptions-preview plan-data-test
search-4-auto search-4-benefits search-med-z5d search-results-z5d search-plans-h3d search-plans-kqz search-plans-kqz-faq search-plans-quiz
shop-4-ma-otc shop-4-ma-otc-r2 shop-4-ma-otc-2024 shop-4-dsnp-flx shop-4-dsnp-flx-r2 shop-4-dsnp-flx-2024 shop-4-dsnp-otc shop-4-dsnp-otc-r2 shop-4-dsnp-otc-2024
my-otc-benefits my-otc-benefits-2 my-otc-benefits-g3r benefits-otc-flex benefits-otc-flex-quiz benefits-csnp-allowance
additional-benefits-otc additional-benefits-otc-es additional-benefits-otc-2024 additional-benefits-otc-g5k
additional-benefits-buyback additional-benefits-buyback-es additional-benefits-buyback-2024 additional-benefits-buyback-g5k
additional-benefits-grocery additional-benefits-grocery-es additional-benefits-grocery-2024 additional-benefits-grocery-g5k
additional-benefits-allowance additional-benefits-allowance-es additional-benefits-allowance-2024 additional-benefits-allowance-g5k
additional-health-benefits additional-social-security-call-now
cheap-auto-m3d cheap-auto-m4c cheap-auto-o2x cheaper-quotes-z3d cheapest-car-insurance
get-your-auto-age get-your-auto-cx4 get-your-auto-n2i get-your-auto-q0z get-your-auto-r2d get-your-auto-z8r get-your-auto-state auto-insurance-skyrockets dropping-insurance
explore-top-rated-insurers location-plans click-4-otc-r2 quiz-auto-e7b quiz-otc
fe-1421 fe-2650 fe-2650c fe-6993 fe-6994 fe-9988
partb-giveback-now zero-zero-dental-coverage low-as-zero-dental-premiums
medicare-premium-reduction-listing-r2 medicare-premium-reduction-simple-2096 medicare-premium-reduction-listing-2096-card medi-plan-news-i8z
grocery-allowance-r2 grocery-allowance-now grocery-allowance-r2-quiz senior-benefit-catalog unlock-hidden-benefits new-senior-benefits general-medicare
get-benefits-a4b get-benefits-b5c dental-allowance-24 dental-allowance-24-es
`
  .trim()
  .split(/\s+/);

const SPEC_FIXED_PATHS = [
  '/',
  '/reviews/:slug?',
  '/reviews/aetna/:step?',
  '/reviews/cigna/:step?',
  '/reviews/humana/:step?',
  '/reviews/wellcare/:step?',
  '/reviews/unitedhealthcare/:step?',
  '/quiz/otc/:step?',
  '/quiz/auto/:step?',
  '/quiz/grocery/:step?',
  '/quiz/medicare/:step?',
  '/quiz/medicare-es/:step?',
];

const MEDICARE_BRANDS = ['bh', 'm10', 'wc', 'ayb', 'qs', 'sd', 'bridge', 'emily', 'ac'];
const byPath = new Map(ROUTES.map((r) => [r.path, r]));
const named = (name: string): RouteRecord => {
  const r = routeByName(name);
  if (!r) throw new Error(`no route ${name}`);
  return r;
};

describe('route records', () => {
  it('all parse with the schema (round trip is stable)', () => {
    expect(z.array(routeRecordSchema).parse(ROUTES)).toEqual(ROUTES);
  });

  it('has every page family and variant of spec section 2, and nothing else', () => {
    const expected = [...SPEC_FUNNEL_PAGES.map((p) => `/${p}/:step?`), ...SPEC_FIXED_PATHS].sort();
    expect(new Set(expected).size).toBe(expected.length);
    expect(ROUTES.map((r) => r.path).sort()).toEqual(expected);
    expect(ROUTES.length).toBe(175);
  });

  it('has unique names and paths', () => {
    expect(new Set(ROUTES.map((r) => r.name)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
    expect(() =>
      assertUniqueRoutes([
        { name: 'a', path: '/a/:step?' },
        { name: 'a', path: '/b/:step?' },
      ]),
    ).toThrow('Duplicate route name: a');
    expect(() =>
      assertUniqueRoutes([
        { name: 'a', path: '/a/:step?' },
        { name: 'b', path: '/a' },
      ]),
    ).toThrow(/Duplicate route path/);
  });

  it('marks every -es page and /quiz/medicare-es Spanish, everything else English', () => {
    for (const r of ROUTES) {
      const spanish = r.name.endsWith('-es') || r.path.startsWith('/quiz/medicare-es/');
      expect([r.name, r.language]).toEqual([r.name, spanish ? 'spanish' : 'english']);
    }
    expect(byPath.get('/quiz/medicare-es/:step?')?.language).toBe('spanish');
  });

  it('serves reviews to ac only', () => {
    const reviews = ROUTES.filter((r) => r.path.startsWith('/reviews'));
    expect(reviews).toHaveLength(6);
    for (const r of reviews) expect(r.brands).toEqual(['ac']);
    for (const r of ROUTES.filter((x) => x.config.template === 'review'))
      expect(r.path.startsWith('/reviews')).toBe(true);
  });

  it('never gives tqg or ps a Medicare page (only the shared index and legal pages)', () => {
    for (const r of ROUTES) {
      if (r.config.product !== 'medicare' || r.config.template === 'legal' || r.config.template === 'index') continue;
      expect([r.name, r.brands.includes('tqg') || r.brands.includes('ps')]).toEqual([r.name, false]);
    }
  });

  it('follows the product brand rules', () => {
    for (const r of ROUTES) {
      const c = r.config;
      if (c.template === 'legal' || c.template === 'index' || c.template === 'review') continue;
      if (r.name.startsWith('ac-v1')) expect(r.brands).toEqual(['ac']);
      else if (c.product === 'auto') expect(r.brands).toEqual(['ps', 'tqg', 'ac']);
      else if (c.product === 'life') expect(r.brands).toEqual(['bh', 'ayb', 'sd', 'emily']);
      else if (r.language === 'spanish') expect(r.brands).toEqual(['m10es', 'bh', 'm10']);
      else expect(r.brands).toEqual(MEDICARE_BRANDS);
    }
    expect(named('get-life-now').config.product).toBe('life');
    expect(named('fe-9988').config.product).toBe('life');
    expect(named('cheapest-car-insurance').config.product).toBe('auto');
    expect(named('quiz-auto-e7b').config.form).toBe('quiz-auto');
  });

  it('gives every brand at least its index, tos and privacy, and m10es the Spanish quiz', () => {
    for (const code of BRAND_CODES) {
      for (const name of ['index', 'tos', 'privacy']) expect(isServedFor(named(name), code)).toBe(true);
    }
    expect(isServedFor(named('medicare-quiz-es'), 'm10es')).toBe(true);
    expect(isServedFor(named('get-yours-otc'), 'tqg')).toBe(false);
    expect(isServedFor(named('get-yours-otc'), 'nope')).toBe(false);
  });

  it('assigns templates and forms by the recorded rules', () => {
    for (const r of ROUTES) {
      const c = r.config;
      if (c.template === 'clicks' || c.template === 'legal' || c.template === 'review' || c.template === 'index')
        expect(c.form).toBeNull();
      // The final-expense pages take the life form's steps with the ages their copy names.
      if (c.template === 'advertorial' || c.template === 'listing')
        expect(c.form).toBe(r.name.startsWith('fe-') ? 'final-expense' : c.product);
      if (c.template === 'quiz') expect(c.form).toMatch(/^quiz-/);
      if (r.name.endsWith('-clicks')) expect(c.template).toBe('clicks');
      if (r.name.startsWith('shop-4-') || (r.name.startsWith('search-plans-') && !r.name.endsWith('-quiz')))
        expect(c.template).toBe('listing');
      expect(c.onEnter === 'demandCheck').toBe(
        c.product === 'medicare' && c.form !== null && (c.template === 'advertorial' || c.template === 'listing'),
      );
    }
    expect(byPath.get('/quiz/medicare-es/:step?')?.config.form).toBe('quiz-medicare-es');
    expect(byPath.get('/quiz/grocery/:step?')?.config.form).toBe('quiz-grocery');
    expect(named('grocery-allowance-r2-quiz').config.form).toBe('quiz-grocery');
    expect(named('search-results-z5d').config.template).toBe('clicks');
    expect(named('chat-ad-dental').config.onExitIntent).toBe('showPhone');
    expect(named('get-yours-x4c-es').config.exitIntentOptions?.repeatAfterDays).toBe(7);
  });

  it('is indexable only for the listed pages; preview and test pages are noindex and light', () => {
    const indexable = ROUTES.filter((r) => r.config.indexable)
      .map((r) => r.name)
      .sort();
    expect(indexable).toEqual(
      [
        'index',
        'tos',
        'privacy',
        'reviews',
        'reviews-aetna',
        'reviews-cigna',
        'reviews-humana',
        'reviews-wellcare',
        'reviews-unitedhealthcare',
        'general-medicare',
        'carriers',
        'auto-insurers',
        'explore-top-rated-insurers',
        'senior-benefit-catalog',
      ].sort(),
    );
    for (const name of [
      'grocery-preview',
      'otc-allowance-preview',
      'plan-disruptions-preview',
      'dental-vision-preview',
    ]) {
      expect(named(name).config.colorMode).toBe('light');
    }
    expect(named('plan-data-test').config.indexable).toBe(false);
  });

  it('has real copy on every page: title, headline, subheadline, 2+ body paragraphs', () => {
    for (const r of ROUTES) {
      const c = r.config;
      expect(c.title, r.name).toBeTruthy();
      expect(c.subheadline, r.name).toBeTruthy();
      expect(c.body.length, r.name).toBeGreaterThanOrEqual(2);
      expect(`${c.headline} ${c.body.join(' ')}`).not.toMatch(/lorem|ipsum|\bTODO\b|TBD/);
    }
    for (const name of ['tos', 'privacy']) {
      const headings = named(name).config.body.filter((p) => p.startsWith('## '));
      expect(headings.length).toBeGreaterThanOrEqual(5);
      expect(named(name).config.body.join(' ')).toMatch(/Telephone Consumer Protection Act/);
    }
    // Spanish pages carry Spanish copy.
    for (const r of ROUTES.filter((x) => x.language === 'spanish'))
      expect(r.config.body.join(' ')).toMatch(/ (usted|su|planes) /);
  });

  it('gives per-brand campaign ids deterministically: smid on funnel pages, xsmid on chat-ad and ac-v1', () => {
    const chat = named('chat-ad');
    expect(Object.keys(chat.xsmid).sort()).toEqual([...chat.brands].sort());
    expect(chat.smid).toEqual({});
    expect(named('ac-v1-lp').xsmid.ac).toBe(campaignId('xsmid', 'ac', 'ac-v1-lp'));
    const otc = named('get-yours-otc');
    expect(Object.keys(otc.smid).sort()).toEqual([...otc.brands].sort());
    for (const id of Object.values(otc.smid)) expect(id).toMatch(/^\d{6}$/);
    expect(otc.smid.bh).toBe(campaignId('smid', 'bh', 'get-yours-otc'));
    expect(otc.smid.bh).not.toBe(otc.smid.m10);
    expect(named('tos').smid).toEqual({});
  });

  it("points every destination at a page served for all the page's brands", () => {
    for (const r of ROUTES.filter((x) => x.config.destination)) {
      const target = findRoute(r.config.destination ?? '');
      expect(target, r.name).toBeDefined();
      for (const b of r.brands) expect(target && isServedFor(target.route, b)).toBe(true);
    }
  });
});

describe('findRoute', () => {
  it('matches exact base paths without a step', () => {
    expect(findRoute('/')?.route.name).toBe('index');
    expect(findRoute('/get-yours-otc')).toMatchObject({
      route: { name: 'get-yours-otc' },
      step: undefined,
      params: {},
    });
    expect(findRoute('/get-yours-otc/')?.route.name).toBe('get-yours-otc');
    expect(findRoute('/quiz/medicare-es')?.route.name).toBe('medicare-quiz-es');
  });

  it('takes the last segment as the form step', () => {
    expect(findRoute('/get-yours-otc/zip')).toMatchObject({
      route: { name: 'get-yours-otc' },
      step: 'zip',
      params: { step: 'zip' },
    });
    expect(findRoute('/quiz/otc/2')).toMatchObject({ route: { name: 'otc-quiz' }, step: '2' });
    expect(findRoute('/reviews/humana/contact')).toMatchObject({ route: { name: 'reviews-humana' }, step: 'contact' });
  });

  it('returns undefined for unknown paths, deeper paths and a step on the index', () => {
    expect(findRoute('/no-such-page')).toBeUndefined();
    expect(findRoute('/get-yours-otc/zip/extra')).toBeUndefined();
    expect(findRoute('/quiz')).toBeUndefined();
    expect(findRoute('/tos/a/b')).toBeUndefined();
  });

  it('sends any deeper review path to the reviews catch-all (spec /reviews/:slug(.*)*), whose check lets review links through', () => {
    const index = findRoute('/reviews');
    expect(index).toMatchObject({ route: { name: 'reviews' }, params: { slug: '' } });
    expect(runPageCheck(index?.route.check, { pathname: '/reviews', params: index?.params ?? {} })).toBe(true);
    const nested = findRoute('/reviews/foo/bar');
    expect(nested).toMatchObject({ route: { name: 'reviews' }, step: undefined, params: { slug: 'foo/bar' } });
    expect(runPageCheck(nested?.route.check, { pathname: '/reviews/foo/bar', params: nested?.params ?? {} })).toBe(
      true,
    );
    expect(findRoute('/reviews/aetna')?.route.name).toBe('reviews-aetna');
    expect(findRoute('/reviews/unknown-carrier')?.params).toEqual({ slug: 'unknown-carrier' });
  });

  it('parses path patterns into base and parameter', () => {
    expect(pathShape('/a/:step?')).toEqual({ base: '/a', param: 'step' });
    expect(pathShape('/reviews/:slug?')).toEqual({ base: '/reviews', param: 'slug' });
    expect(pathShape('/')).toEqual({ base: '/', param: undefined });
  });
});

describe('page checks and hooks', () => {
  const base = named('get-yours-otc');

  it('passes with no check; a check as data matches the whole parameter', () => {
    expect(runPageCheck(undefined, { pathname: '/x', params: {} })).toBe(true);
    const check = { param: 'slug', pattern: '[a-z]+' };
    expect(runPageCheck(check, { pathname: '/r/abc', params: { slug: 'abc' } })).toBe(true);
    expect(runPageCheck(check, { pathname: '/r/abc.php', params: { slug: 'abc.php' } })).toBe(false);
    expect(runPageCheck(check, { pathname: '/r', params: {} })).toBe(false);
    const reviews = named('reviews').check;
    for (const slug of ['', 'foo', 'old-review-2019', 'foo/bar', 'a/b/c', 'Some Thing', '2024/best-plans/'])
      expect(runPageCheck(reviews, { pathname: `/reviews/${slug}`, params: { slug } }), slug).toBe(true);
    for (const slug of ['wp-login.php', '.env', 'foo/../bar', 'x/y.js', '..'])
      expect(runPageCheck(reviews, { pathname: `/reviews/${slug}`, params: { slug } }), slug).toBe(false);
  });

  it('rejects unknown checks and hooks at load, naming them', () => {
    expect(() => assertKnownHooks(ROUTES)).not.toThrow();
    expect(() => assertKnownHooks([{ ...base, check: { param: 'step', pattern: '(' } }])).toThrow(
      /Unknown route middleware: bad check pattern \(/,
    );
    expect(() => assertKnownHooks([{ ...base, check: { param: 'slug', pattern: 'x' } }])).toThrow(/check of slug/);
    expect(() => assertKnownHooks([{ ...base, config: { ...base.config, onEnter: 'phoneHome' } }])).toThrow(
      /onEnter hook: phoneHome/,
    );
    expect(() => assertKnownHooks([{ ...base, config: { ...base.config, onExitIntent: 'popConfetti' } }])).toThrow(
      /onExitIntent hook: popConfetti/,
    );
  });
});

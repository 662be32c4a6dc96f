import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRANDS } from '../../brands';
import { ROUTES, isServedFor } from '../../src/routes/registry';
import { brandOrigin, launchBrowser, newVisitor } from './support/browser';

/**
 * The Medicare first screen sells and complies. On every Medicare lander (every route of the
 * Medicare form, each opened for a brand that serves it, every such brand at least once), the
 * headline, the ZIP field and Continue lie within the first 560 px of a 390x844 phone and above
 * the sticky call bar, and above the fold of a 1366x768 laptop. The TPMO disclaimer is on the
 * page once, in regular type, and close to the call to action it qualifies.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** How far (px) the disclaimer may sit from the form's main button: the form card's padding and a gap. */
const NEAR_CTA = 120;

/** Every Medicare lander, each on a brand that serves it; the brands rotate so each is seen. */
function medicareLanders(): { url: string; label: string }[] {
  const landers = ROUTES.filter((r) => r.config.product === 'medicare' && r.config.form === 'medicare');
  const seen = new Set<string>();
  const out: { url: string; label: string }[] = [];
  landers.forEach((route, i) => {
    const brands = route.brands.filter((b) => BRANDS.find((x) => x.id === b)?.consent.medicare);
    // The first brand not yet seen, else rotate through the route's brands.
    const brand = brands.find((b) => !seen.has(b)) ?? brands[i % brands.length];
    if (!brand || !isServedFor(route, brand)) return;
    seen.add(brand);
    const path = route.path.replace(/\/:step\?$/, '') || '/';
    out.push({ url: `${brandOrigin(brand)}${path}`, label: `${brand}${path}` });
  });
  return out;
}

interface Rect {
  top: number;
  bottom: number;
}

interface FirstScreen {
  headline: Rect | null;
  zip: Rect | null;
  action: Rect | null;
  callBarTop: number | null;
  notices: number;
  notice: Rect | null;
  noticeWeight: string | null;
  noticeBorder: string | null;
  viewport: number;
}

async function firstScreen(page: Page, url: string): Promise<FirstScreen> {
  await page.goto(url, { waitUntil: 'load' });
  return page.evaluate(() => {
    const box = (el: Element | null): Rect | null => {
      if (!el) return null;
      const r = el.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom };
    };
    const bar = document.querySelector('[data-call-bar]');
    const barVisible = bar && getComputedStyle(bar).display !== 'none';
    const notices = document.querySelectorAll('[data-tpmo-version]');
    const text = document.querySelector('[data-tpmo-version] .tpmo__text');
    const style = text ? getComputedStyle(text) : null;
    const container = notices[0] ? getComputedStyle(notices[0]) : null;
    return {
      headline: box(document.querySelector('main h1')),
      zip: box(document.querySelector('.quote-form input[name="zipcode"]')),
      action: box(document.querySelector('.quote-form .form-actions .btn')),
      callBarTop: barVisible && bar ? bar.getBoundingClientRect().top : null,
      notices: notices.length,
      notice: box(notices[0] ?? null),
      noticeWeight: style?.fontWeight ?? null,
      noticeBorder: container?.borderTopWidth ?? null,
      viewport: innerHeight,
    };
  });
}

/** What is wrong with one lander's first screen (empty when nothing is). */
function problems(seen: FirstScreen, limit: number): string[] {
  const out: string[] = [];
  const bottomLimit = Math.min(limit, seen.callBarTop ?? Infinity);
  for (const [name, rect] of [
    ['headline', seen.headline],
    ['zip', seen.zip],
    ['Continue', seen.action],
  ] as const) {
    if (!rect) out.push(`${name} missing`);
    else if (rect.top < 0 || rect.bottom > bottomLimit)
      out.push(`${name} at ${rect.top}-${rect.bottom} (limit ${bottomLimit})`);
  }
  if (seen.notices !== 1) out.push(`${seen.notices} TPMO notices`);
  if (seen.notice && seen.action) {
    const gap = Math.max(seen.notice.top - seen.action.bottom, seen.action.top - seen.notice.bottom);
    if (gap > NEAR_CTA) out.push(`TPMO notice ${gap} px from Continue`);
  }
  if (seen.noticeWeight !== '400') out.push(`TPMO notice in weight ${seen.noticeWeight}`);
  if (seen.noticeBorder !== '0px') out.push(`TPMO notice with a ${seen.noticeBorder} border`);
  return out;
}

describe('the Medicare first screen', () => {
  const landers = medicareLanders();

  it('covers every Medicare lander and every brand that serves Medicare', () => {
    const medicareBrands = BRANDS.filter((b) => b.consent.medicare).map((b) => b.id);
    const covered = new Set(landers.map((l) => l.label.replace(/\/.*$/, '')));
    expect(landers.length).toBeGreaterThanOrEqual(100);
    for (const brand of medicareBrands) {
      if (ROUTES.some((r) => r.config.form === 'medicare' && isServedFor(r, brand))) expect(covered).toContain(brand);
    }
  });

  for (const device of [
    { name: 'phone 390x844 with touch', viewport: { width: 390, height: 844 }, hasTouch: true, limit: 560 },
    { name: 'laptop 1366x768', viewport: { width: 1366, height: 768 }, hasTouch: false, limit: 768 },
  ]) {
    it(`headline, ZIP and Continue in the first screen, one TPMO notice near Continue: ${device.name}`, async () => {
      const { context, page } = await newVisitor(browser, { viewport: device.viewport, hasTouch: device.hasTouch });
      const failures: string[] = [];
      for (const lander of landers) {
        const seen = await firstScreen(page, lander.url);
        for (const p of problems(seen, device.limit)) failures.push(`${lander.label}: ${p}`);
      }
      await context.close();
      expect(failures).toEqual([]);
    }, 600_000);
  }
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoStepPosts } from '../support/auto-lead';
import { brandOrigin, launchBrowser, newVisitor } from './support/browser';

/**
 * Offers first: on the offer walls (the clicks pages, Spanish too) and on the auto finish, the
 * first offer lies in the first screen (a 390x844 phone above its call bar; a 1366x768 laptop),
 * the offers follow one another with no blank gap, a card keeps its text column readable on a
 * desktop, and no call or offer button leaves its card (320, 390 and 1366 px wide).
 */
const WAIT = { timeout: 30_000 };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 768 };
const PERSON_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
/** This file's own phone: one person makes one delivered lead per product, so files never share one. */
const DRIVER_PHONE = `(312) 555-${String(1000 + Math.floor(Math.random() * 9000))}`;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface WallLayout {
  viewport: number;
  /** Top of the fixed call bar (the viewport's height when there is none). */
  callBarTop: number;
  first: { top: number; actionBottom: number } | null;
  count: number;
  /** Vertical space between one offer's bottom and the next one's top, and after the last one to the section's end. */
  gaps: number[];
  tailGap: number;
  narrowestText: number;
  overflowing: string[];
}

async function wallLayout(page: Page, scope: string): Promise<WallLayout> {
  const wall = page.locator(`${scope} .ad-listing`);
  await expect.poll(() => wall.getAttribute('aria-busy'), WAIT).toBe('false');
  return wall.evaluate((el) => {
    const bar = document.querySelector('.call-bar');
    const barBox = bar && getComputedStyle(bar).display !== 'none' ? bar.getBoundingClientRect() : null;
    const items = [...el.querySelectorAll('.ad-listing__item')].map((i) => i.getBoundingClientRect());
    const firstItem = el.querySelector('.ad-listing__item');
    const action = firstItem?.querySelector('.ad-listing__action')?.getBoundingClientRect();
    // On a clicks page the wall is an island of its own (its reserved space counts); in the finish, the section.
    const island = el.closest('[data-island="ad-listing"]') ?? el;
    const overflowing: string[] = [];
    for (const item of el.querySelectorAll('.ad-listing__item')) {
      const card = item.getBoundingClientRect();
      for (const a of item.querySelectorAll('.ad-listing__action, .ad-listing__call, .ad-listing__text')) {
        const box = a.getBoundingClientRect();
        if (box.left < card.left - 0.5 || box.right > card.right + 0.5 || a.scrollWidth > a.clientWidth + 1)
          overflowing.push(`${item.getAttribute('data-ad-ref') ?? ''} ${a.className}`);
      }
    }
    return {
      viewport: innerHeight,
      callBarTop: barBox ? barBox.top : innerHeight,
      first: items[0] && action ? { top: items[0].top, actionBottom: action.bottom } : null,
      count: items.length,
      gaps: items.slice(1).map((box, i) => box.top - (items[i]?.bottom ?? box.top)),
      tailGap: items.length ? island.getBoundingClientRect().bottom - (items.at(-1)?.bottom ?? 0) : 0,
      narrowestText: Math.min(
        ...[...el.querySelectorAll('.ad-listing__text')].map((t) => t.getBoundingClientRect().width),
      ),
      overflowing,
    };
  });
}

function expectOffersFirst(layout: WallLayout, label: string, least = 2) {
  expect(layout.count, `${label}: offers`).toBeGreaterThanOrEqual(least);
  expect(layout.first, `${label}: first offer`).not.toBeNull();
  expect(layout.first?.top ?? -1, `${label}: first offer's top`).toBeGreaterThanOrEqual(0);
  // The first offer's button (call or view) is on the first screen, above the call bar.
  expect(layout.first?.actionBottom ?? Infinity, `${label}: first offer's button`).toBeLessThanOrEqual(
    layout.callBarTop,
  );
  for (const gap of layout.gaps) expect(gap, `${label}: gap between offers`).toBeLessThanOrEqual(24);
  expect(layout.tailGap, `${label}: blank space after the last offer`).toBeLessThanOrEqual(48);
  expect(layout.overflowing, `${label}: buttons outside their card`).toEqual([]);
}

describe('offer walls: offers first', () => {
  // The sandbox's Medicare listing carries one Spanish offer (a page shows only its language's).
  for (const { brand, path, least } of [
    { brand: 'bh', path: '/clicks', least: 3 },
    { brand: 'm10es', path: '/ads-es', least: 1 },
  ]) {
    for (const [device, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      it(`${brand}${path} on a ${device}: the first offer in the first screen, no gaps, buttons in their cards`, async () => {
        const { context, page, errors } = await newVisitor(browser, { viewport });
        await page.goto(`${brandOrigin(brand)}${path}`);
        const layout = await wallLayout(page, 'main');
        console.log(`[offers-first] ${brand}${path} ${device} ${JSON.stringify(layout)}`);
        expectOffersFirst(layout, `${brand}${path} ${device}`, least);
        if (device === 'desktop') expect(layout.narrowestText).toBeGreaterThanOrEqual(280);
        expect(errors).toEqual([]);
        await context.close();
      });
    }
  }

  it('no button leaves its card at 320 px', async () => {
    const { context, page } = await newVisitor(browser, { viewport: { width: 320, height: 640 } });
    await page.goto(`${brandOrigin('bh')}/clicks`);
    const layout = await wallLayout(page, 'main');
    expect(layout.overflowing).toEqual([]);
    await context.close();
  });
});

/** The auto form's steps posted as the page's own forms, the last one sent in the page (as tests/e2e/finish-offers does). */
async function finishAuto(page: Page, base: string): Promise<void> {
  const origin = brandOrigin('ps');
  const posts = autoStepPosts(base);
  const last = posts.pop();
  if (!last) throw new Error('the auto form has steps');
  await page.goto(`${origin}${base}`);
  await page.evaluate(async (list) => {
    for (const { path, form } of list) {
      const html = await (await fetch(path)).text();
      const submissionId = /name="submissionId" value="([0-9a-f-]{36})"/.exec(html)?.[1] ?? '';
      await fetch(path, { method: 'POST', body: new URLSearchParams({ ...form, submissionId }), redirect: 'manual' });
    }
  }, posts);
  await page.goto(`${origin}${last.path}`);
  await page.waitForSelector('[data-island="quote-form"][data-hydrated]', { state: 'attached', ...WAIT });
  await page.locator('input[name="driver1Phone"]').pressSequentially(DRIVER_PHONE.replace(/\D/g, ''), { delay: 100 });
  const address = page.locator('input[name="driver1Address"]');
  if ((await address.count()) > 0) await address.pressSequentially('1 Main St', { delay: 100 });
  await page.locator('#quote form .form-actions button[type="submit"]:not([name])').click();
  await page.locator('[data-confirmation]').waitFor(WAIT);
}

describe('the auto finish: offers first', () => {
  for (const [device, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(
      `on a ${device}: the first offer in the first screen, cards that hold their layout`,
      { timeout: 120_000 },
      async () => {
        const { context, page, errors } = await newVisitor(browser, { viewport, userAgent: PERSON_UA });
        await context.addInitScript(() =>
          Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false }),
        );
        await finishAuto(page, '/save-auto');
        // The confirmation has scrolled itself into view; the reader sees what is there now.
        await page.waitForFunction(() => {
          const top = document.querySelector('[data-confirmation]')?.getBoundingClientRect().top ?? -1;
          return top >= 0 && top < innerHeight / 2;
        }, WAIT);
        const layout = await wallLayout(page, '[data-confirmation]');
        console.log(`[offers-first] auto finish ${device} ${JSON.stringify(layout)}`);
        expectOffersFirst(layout, `auto finish ${device}`);
        if (device === 'desktop') expect(layout.narrowestText).toBeGreaterThanOrEqual(280);
        expect(errors).toEqual([]);
        await context.close();
      },
    );
  }
});

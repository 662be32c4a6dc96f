import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAxe } from '../../audit/axe';
import { brandOrigin, launchBrowser, newVisitor } from './support/browser';

/**
 * Item 7 in Chromium: on a phone the call button sits at the bottom of the screen,
 * in thumb reach, and steps aside while the keyboard is open (a field has focus); the home
 * page's ZIP field starts the brand's main funnel with the ZIP filled in, with and without
 * JavaScript.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const WAIT = { timeout: 30_000, interval: 200 };

async function callBarBox(page: Page) {
  return page.locator('[data-call-bar]').boundingBox();
}

describe('bottom call bar', () => {
  it('is at the bottom of a phone screen, with the page’s number, and hides while a field has focus', async () => {
    const { page, context, errors } = await newVisitor(browser);
    await page.goto(`${brandOrigin('bh')}/general-medicare`);
    const bar = page.locator('[data-call-bar]');
    await expect.poll(() => bar.isVisible(), WAIT).toBe(true);
    const box = await callBarBox(page);
    expect(box).not.toBeNull();
    // In thumb reach: its bottom edge is the screen's bottom edge (390x844), its height a comfortable tap.
    expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(844);
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    expect(box?.height ?? 0).toBeLessThan(140);
    // The same number as the header's call button.
    const headerTel = await page.locator('#site-header a[href^="tel:"]').first().getAttribute('href');
    expect(await bar.locator('a[href^="tel:"]').getAttribute('href')).toBe(headerTel);

    // The visitor taps the ZIP field: the phone's keyboard opens, the bar steps aside.
    await page.locator('input[name="zipcode"]').focus();
    await expect.poll(() => bar.isVisible(), WAIT).toBe(false);
    await page.locator('input[name="zipcode"]').blur();
    await expect.poll(() => bar.isVisible(), WAIT).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is not shown on a desktop screen', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${brandOrigin('bh')}/general-medicare`);
    await expect.poll(() => page.locator('#site-header a[href^="tel:"]').first().isVisible(), WAIT).toBe(true);
    expect(await page.locator('[data-call-bar]').isVisible()).toBe(false);
    await context.close();
  });
});

describe('home page ZIP field', () => {
  for (const javaScriptEnabled of [true, false]) {
    it(`starts the brand’s main funnel with the ZIP filled in (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async () => {
      const { page, context } = await newVisitor(browser, { javaScriptEnabled });
      await page.goto(`${brandOrigin('ps')}/`);
      const zip = page.locator('form[data-zip-start] input[name="zip_code"]');
      await zip.fill('33101');
      await Promise.all([
        page.waitForURL((url) => url.pathname === '/compare-auto', { timeout: 30_000 }),
        page.locator('form[data-zip-start] button[type="submit"]').click(),
      ]);
      await expect.poll(() => page.locator('input[name="zipcode"]').inputValue(), WAIT).toBe('33101');
      await context.close();
    });
  }

  it('is in the first screen of a phone, above the call bar', async () => {
    for (const brand of ['bh', 'ps']) {
      const { page, context } = await newVisitor(browser);
      await page.goto(`${brandOrigin(brand)}/`);
      const button = await page.locator('form[data-zip-start] button[type="submit"]').boundingBox();
      const bar = await callBarBox(page);
      expect(bar, brand).not.toBeNull();
      expect((button?.y ?? 9999) + (button?.height ?? 0), brand).toBeLessThanOrEqual(bar?.y ?? 0);
      await context.close();
    }
  });
});

describe('accessibility of the sections', () => {
  for (const [brand, path] of [
    ['bh', '/'],
    ['ac', '/reviews/humana'],
    ['m10es', '/no-such-page'],
    ['tqg', '/compare-auto'],
  ] as const) {
    it(`${brand}${path}: no axe violations on a phone (the audit's own check), call bar included`, async () => {
      const result = await runAxe(browser, `${brandOrigin(brand)}${path}`);
      expect(result.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    });
  }
});

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandOrigin, launchBrowser, newVisitor } from './support/browser';

/**
 * Skip is a quiet link, not a second button of equal weight beside the step's main action: on
 * the Medicare contact step (English and Spanish) the main action is a filled button and Skip
 * an underlined text link with no fill or border, still a 44 px tap target.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const WAIT = { timeout: 30_000 };

describe('Skip as a quiet link', () => {
  for (const { brand, path, skip } of [
    { brand: 'bh', path: '/get-yours-otc/contact', skip: 'Skip' },
    { brand: 'm10es', path: '/get-yours-otc-es/contact', skip: 'Omitir' },
  ]) {
    it(`${brand}${path}`, async () => {
      const { context, page } = await newVisitor(browser);
      await page.goto(`${brandOrigin(brand)}${path}`);
      await page.waitForSelector('[data-island="quote-form"][data-hydrated]', { state: 'attached', ...WAIT });
      const style = (selector: string) =>
        page.locator(selector).evaluate((el) => {
          const s = getComputedStyle(el);
          const box = el.getBoundingClientRect();
          return {
            background: s.backgroundColor,
            border: s.borderTopWidth,
            underline: s.textDecorationLine,
            text: el.textContent,
            height: box.height,
          };
        });
      const main = await style('.quote-form .form-actions .btn');
      const quiet = await style('.quote-form .form-actions button[value="skip"]');
      expect(quiet.text).toBe(skip);
      expect(quiet.background).toBe('rgba(0, 0, 0, 0)');
      expect(quiet.border).toBe('0px');
      expect(quiet.underline).toBe('underline');
      expect(quiet.height).toBeGreaterThanOrEqual(44);
      expect(main.background).not.toBe('rgba(0, 0, 0, 0)');
      await context.close();
    });
  }
});

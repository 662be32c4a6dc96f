import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { BRAND_CODES } from '../../brands/schema';
import { brandOrigin, launchBrowser, newVisitor } from './support/browser';

/**
 * Logos never break inside a word ("quoteseni / or", "PolicySav / er" at 360-390 px): on every
 * brand's home page at 320, 360, 390 and 430 px, each word of the wordmark sits on one line and
 * the wordmark ends before the call button starts.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const WIDTHS = [320, 360, 390, 430];

describe('the wordmark on phones', () => {
  for (const brand of BRAND_CODES) {
    it(brand, async () => {
      const { context, page } = await newVisitor(browser);
      await page.goto(`${brandOrigin(brand)}/`);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        const seen = await page.evaluate(() => {
          const mark = document.querySelector<HTMLElement>('.site-header .wordmark');
          const call = document.querySelector<HTMLElement>('.site-header .call-cta');
          const text = mark?.firstChild;
          if (!mark || !call || !(text instanceof Text)) return null;
          const broken: string[] = [];
          for (const match of (text.textContent ?? '').matchAll(/\S+/g)) {
            const range = document.createRange();
            range.setStart(text, match.index);
            range.setEnd(text, match.index + match[0].length);
            const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
            if (lines.size > 1) broken.push(match[0]);
          }
          return { broken, right: mark.getBoundingClientRect().right, callLeft: call.getBoundingClientRect().left };
        });
        expect(seen, `${brand} at ${width}px`).not.toBeNull();
        expect(seen?.broken, `${brand} at ${width}px`).toEqual([]);
        expect(seen?.right ?? 0, `${brand} at ${width}px`).toBeLessThanOrEqual(seen?.callLeft ?? 0);
      }
      await context.close();
    });
  }
});

import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandByCode } from '../../brands';
import { composePageCss, pageCss } from '../../src/ui/page-stylesheet';
import type { StylesheetParts } from '../../src/ui/stylesheet-parts';
import { brandOrigin, launchBrowser, newVisitor, rendered } from './support/browser';

/**
 * Pages inline and link the CSS files minified by the client build
 * (docs/decisions/0352-page-css-minified-at-build.md). What a visitor sees must not change: on
 * each page below, in Chromium, every element (and its ::before and ::after) has the same
 * computed style under the served stylesheet as under the readable files composed the same way,
 * on a phone and a laptop, light and dark, with a field focused.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const sources = JSON.parse(readFileSync('src/ui/stylesheet-sources.json', 'utf8')) as Record<
  keyof StylesheetParts,
  string
>;
const readableParts = Object.fromEntries(
  Object.entries(sources).map(([part, file]) => [part, readFileSync(file, 'utf8')]),
) as StylesheetParts;

/** Every layout (bh calm, m10 bold, ac and tqg editorial), every form kind, both languages. */
const PAGES = [
  { brand: 'bh', path: '/quiz/medicare' },
  { brand: 'm10', path: '/get-yours-otc' },
  { brand: 'ac', path: '/reviews/aetna' },
  { brand: 'm10es', path: '/get-yours-otc-es' },
  { brand: 'ps', path: '/call-auto' },
  { brand: 'tqg', path: '/' },
  { brand: 'bh', path: '/get-life-now' },
  { brand: 'bh', path: '/privacy' },
];

const VIEWS = [
  { label: 'phone, light', viewport: { width: 390, height: 844 }, colorScheme: 'light', focus: false },
  { label: 'phone, dark, a field focused', viewport: { width: 390, height: 844 }, colorScheme: 'dark', focus: true },
  { label: 'laptop, light', viewport: { width: 1366, height: 768 }, colorScheme: 'light', focus: false },
] as const;

interface Comparison {
  /** Elements compared. */
  elements: number;
  /** The page's own stylesheet text was swapped (the served text was found and the other parsed). */
  swapped: boolean;
  /** Elements whose style differs between the two texts: tag, classes and the first differing properties. */
  differences: string[];
}

/**
 * In the page: the computed style of every element under the served stylesheet, then with the
 * style element's text replaced by `other`, then with the served text back. A page that changed
 * on its own between the first and the last (a late island, a timer) is measured again.
 */
function compareStyles(page: Page, served: string, other: string): Promise<Comparison> {
  return page.evaluate(
    ({ served, other }) => {
      const style = [...document.querySelectorAll('style')].find((s) => s.textContent === served);
      const signature = (el: Element, pseudo?: string) => {
        const cs = getComputedStyle(el, pseudo);
        const out: string[] = [];
        for (let i = 0; i < cs.length; i += 1) {
          const name = cs.item(i);
          out.push(`${name}:${cs.getPropertyValue(name)}`);
        }
        return out;
      };
      const snapshot = () =>
        [...document.querySelectorAll('*')].map((el) => ({
          name: `${el.tagName.toLowerCase()}${typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}`,
          styles: [signature(el), signature(el, '::before'), signature(el, '::after')],
        }));
      const differ = (a: ReturnType<typeof snapshot>, b: ReturnType<typeof snapshot>) => {
        const found: string[] = [];
        if (a.length !== b.length) return [`${a.length} elements against ${b.length}`];
        a.forEach((el, i) => {
          const theirs = b[i];
          if (!theirs) return;
          el.styles.forEach((props, p) => {
            const changed = props.filter((prop, k) => prop !== theirs.styles[p]?.[k]);
            if (changed.length > 0 || props.length !== theirs.styles[p]?.length)
              found.push(`${el.name}${['', '::before', '::after'][p]}: ${changed.slice(0, 4).join('; ')}`);
          });
        });
        return found;
      };
      if (!style) return { elements: 0, swapped: false, differences: ['no style element holds the served stylesheet'] };
      for (let attempt = 0; ; attempt += 1) {
        const before = snapshot();
        style.textContent = other;
        const swapped = style.sheet !== null && style.sheet.cssRules.length > 0;
        const under = snapshot();
        style.textContent = served;
        const after = snapshot();
        if (differ(before, after).length === 0 || attempt >= 2)
          return { elements: before.length, swapped, differences: differ(before, under).slice(0, 12) };
      }
    },
    { served, other },
  );
}

describe('the minified page stylesheet styles every element as the readable files do', () => {
  for (const { brand: code, path } of PAGES) {
    it(`${code} ${path}`, async () => {
      const brand = brandByCode(code);
      if (!brand) throw new Error(`no brand ${code}`);
      const served = pageCss(brand);
      const readable = composePageCss(readableParts, brand);
      // The page really carries less: the comments and indentation are gone.
      expect(served.length).toBeLessThan(readable.length * 0.8);
      for (const view of VIEWS) {
        const { context, page, errors } = await newVisitor(browser, { viewport: view.viewport });
        await page.emulateMedia({ colorScheme: view.colorScheme, reducedMotion: 'reduce' });
        await page.goto(`${brandOrigin(code)}${path}`, { waitUntil: 'networkidle' });
        const island = page.locator('[data-island="quote-form"]');
        if ((await island.count()) > 0)
          await page.waitForSelector('[data-island="quote-form"][data-hydrated]', {
            state: 'attached',
            timeout: 30_000,
          });
        if (view.focus) {
          const field = page.locator('main input:visible').first();
          if ((await field.count()) > 0) await field.focus();
        }
        await rendered(page);
        const result = await compareStyles(page, served, readable);
        expect(result.swapped, `${code}${path} ${view.label}`).toBe(true);
        expect(result.elements, `${code}${path} ${view.label}`).toBeGreaterThan(50);
        expect(result.differences, `${code}${path} ${view.label}`).toEqual([]);
        expect(errors, `${code}${path} ${view.label}`).toEqual([]);
        await context.close();
      }
    });
  }
});

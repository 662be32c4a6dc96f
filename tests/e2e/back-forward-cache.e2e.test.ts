import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandOrigin, launchBrowser, newVisitor } from './support/browser';

/**
 * Item 8 in Chromium with its back/forward cache on (as in a visitor's browser): a
 * page with nothing of the visitor's comes back instantly on "back" (the same document,
 * `pageshow` persisted), and a kept page that went out of date meanwhile (answers stored in
 * another tab) is loaded afresh and shows the stored answer.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser({ backForwardCache: true });
});
afterAll(async () => {
  await browser?.close();
});

const WAIT = { timeout: 30_000 };

interface Shown {
  /** The `persisted` flag of every pageshow of the current document. */
  pageshows: boolean[];
  /** A value the test left in the document before leaving it (gone if the document is new). */
  marker: string | null;
  /** Why Chromium did not restore the document, when it did not. */
  notRestoredReasons: unknown;
}

declare global {
  interface Window {
    pageshows?: boolean[];
    testMarker?: string;
  }
}

/** Every document of the context records its pageshow events. */
async function recordPageshows(page: Page) {
  await page.context().addInitScript(() => {
    window.pageshows = [];
    window.addEventListener('pageshow', (event) => window.pageshows?.push(event.persisted));
  });
}

function shown(page: Page): Promise<Shown> {
  return page.evaluate(() => {
    const entry = performance.getEntriesByType('navigation')[0] as
      (PerformanceNavigationTiming & { notRestoredReasons?: unknown }) | undefined;
    return {
      pageshows: window.pageshows ?? [],
      marker: window.testMarker ?? null,
      notRestoredReasons: entry?.notRestoredReasons ?? null,
    };
  });
}

/** Back, then the pageshow of whatever document Chromium shows (a restore fires no load event). */
async function back(page: Page) {
  await page.goBack({ waitUntil: 'commit' });
  await page.waitForFunction(() => (window.pageshows?.length ?? 0) > 0 && document.readyState !== 'loading', WAIT);
}

async function settled(page: Page, withForm: boolean) {
  if (withForm) await page.waitForSelector('[data-island="quote-form"][data-hydrated]', { state: 'attached', ...WAIT });
  // A visitor reads before leaving: the page's own calls (events, demand check) are done.
  await page.waitForLoadState('networkidle', WAIT);
}

describe('back and forward are instant', () => {
  for (const [path, withForm] of [
    ['/get-yours-otc', true],
    ['/', false],
  ] as const) {
    it(`bh ${path}: a page with nothing of the visitor is restored from the back/forward cache`, async () => {
      const { context, page, errors } = await newVisitor(browser);
      await recordPageshows(page);
      const origin = brandOrigin('bh');
      const first = await page.goto(`${origin}${path}`);
      expect(first?.headers()['cache-control']).toBe('private, no-cache');
      await settled(page, withForm);
      await page.evaluate(() => (window.testMarker = 'kept'));

      await page.goto(`${origin}/privacy`);
      await settled(page, false);
      await back(page);

      const after = await shown(page);
      expect(after.notRestoredReasons, 'Chromium says why it did not restore the page').toBeNull();
      expect(after.pageshows).toEqual([false, true]);
      expect(after.marker).toBe('kept');
      expect(new URL(page.url()).pathname).toBe(path);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  /**
   * The kept page (Medicare, name step, empty) goes out of date in another tab of the same
   * visitor: answers stored by a link's fields (`change: 'address'`) or by the form itself.
   */
  for (const change of ['address', 'form'] as const) {
    it(`a kept page whose answers changed in another tab (${change}) is loaded afresh and shows them`, async () => {
      const { context, page, errors } = await newVisitor(browser);
      await recordPageshows(page);
      const origin = brandOrigin('bh');
      await page.goto(`${origin}/get-yours-otc/zip`);
      await settled(page, true);
      expect(await page.locator('input[name="zipcode"]').inputValue()).toBe('');
      await page.evaluate(() => (window.testMarker = 'stale'));
      await page.goto(`${origin}/privacy`);
      await settled(page, false);

      const other = await context.newPage();
      if (change === 'address') {
        // The main script notes the change (the page context says the Worker stored the address's answers).
        await other.goto(`${origin}/otc-allowance?zip_code=33101`);
        await settled(other, false);
      } else {
        await other.goto(`${origin}/otc-allowance`);
        await settled(other, true);
        await other.locator('input[name="zipcode"]').pressSequentially('33101', { delay: 120 });
        await other.getByRole('button', { name: /^Continue$/ }).click();
        await other.waitForURL((url) => url.pathname === '/otc-allowance/medicare', WAIT);
      }
      await other.close();

      // Shown again (from the back/forward cache, or the HTTP cache had Chromium dropped it), the
      // page sees it is out of date and asks the Worker again: a new document with the answer.
      const fresh = page.waitForResponse(
        (r) =>
          new URL(r.url()).pathname === '/get-yours-otc/zip' &&
          r.request().resourceType() === 'document' &&
          r.headers()['cache-control'] === 'private, no-store',
        WAIT,
      );
      await page.goBack({ waitUntil: 'commit' });
      await fresh;
      await page.waitForFunction(
        () => document.querySelector<HTMLInputElement>('input[name="zipcode"]')?.value === '33101',
        undefined,
        WAIT,
      );
      // The page itself asked again (a reload), not Chromium dropping the kept page.
      const navigation = await page.evaluate(
        () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.type,
      );
      expect(navigation).toBe('reload');
      expect((await shown(page)).marker).toBeNull();
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

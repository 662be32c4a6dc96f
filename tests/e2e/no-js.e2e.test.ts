import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { brandOrigin, launchBrowser } from './support/browser';
import { queryD1 } from './support/d1';
import { taggedUserAgent } from './support/sandbox';

/**
 * Item 5 in Chromium: a page view is counted once whether or not JavaScript runs
 * (the tracker with it, the page's <noscript> image without), and a step posted with
 * JavaScript off writes a formStepSubmitted row.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const WAIT = { timeout: 30_000, interval: 500 };
const row = z.object({ event: z.string(), page: z.string().nullable(), step_name: z.string().nullable() });

/** Events of one visitor (its public anonymous id, from the page context). */
function eventsOf(anonymousId: string) {
  return queryD1(
    `SELECT event, page, step_name FROM events WHERE anonymous_id = '${z
      .string()
      .regex(/^[A-Za-z0-9_-]+$/)
      .parse(anonymousId)}' ORDER BY received_at, rowid`,
    row,
  );
}

/** The anonymous id the page context carries (readable without running the page's scripts). */
async function anonymousIdOf(page: import('playwright-core').Page): Promise<string> {
  const json = (await page.locator('#page-context').textContent()) ?? '{}';
  return z.object({ visitorId: z.string() }).loose().parse(JSON.parse(json)).visitorId;
}

describe('page views and steps with and without JavaScript', () => {
  it('JavaScript off: one pageView per page from the <noscript> image, and a posted step writes formStepSubmitted', async () => {
    const ua = taggedUserAgent(browser);
    const context = await browser.newContext({ javaScriptEnabled: false, userAgent: ua });
    const page = await context.newPage();
    await page.goto(`${brandOrigin('bh')}/get-yours-otc/zip`);
    const id = await anonymousIdOf(page);
    await expect.poll(() => eventsOf(id).filter((e) => e.event === 'pageView').length, WAIT).toBe(1);
    await page.locator('input[name="zipcode"]').fill('33101');
    await page.getByRole('button', { name: /^Continue$/ }).click();
    await page.waitForURL((url) => url.pathname === '/get-yours-otc/medicare', { timeout: 30_000 });
    await expect
      .poll(
        () =>
          eventsOf(id)
            .filter((e) => e.event === 'formStepSubmitted')
            .map((e) => e.step_name),
        WAIT,
      )
      .toEqual(['zip']);
    // The next page's view too, once.
    await expect
      .poll(
        () =>
          eventsOf(id)
            .filter((e) => e.event === 'pageView')
            .map((e) => e.step_name),
        WAIT,
      )
      .toEqual(['zip', 'medicare']);
    await context.close();
  });

  it('JavaScript on: the tracker counts the view and the <noscript> image is never loaded', async () => {
    const ua = taggedUserAgent(browser);
    const context = await browser.newContext({ userAgent: ua });
    const page = await context.newPage();
    const pixels: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/event/noscript-view.gif') pixels.push(request.url());
    });
    await page.goto(`${brandOrigin('bh')}/get-yours-otc/zip`);
    await page.waitForSelector('[data-island="quote-form"][data-hydrated]', { state: 'attached', timeout: 30_000 });
    const id = await anonymousIdOf(page);
    await expect.poll(() => eventsOf(id).filter((e) => e.event === 'pageView').length, WAIT).toBe(1);
    // A later event from the same page: once it is stored, any second view would be too.
    await page.evaluate(() =>
      window.dispatchEvent(
        new CustomEvent('quote:track', { detail: { event: 'elementClicked', properties: { marker: true } } }),
      ),
    );
    await expect.poll(() => eventsOf(id).some((e) => e.event === 'elementClicked'), WAIT).toBe(true);
    expect(eventsOf(id).filter((e) => e.event === 'pageView')).toHaveLength(1);
    expect(pixels).toEqual([]);
    await context.close();
  });
});

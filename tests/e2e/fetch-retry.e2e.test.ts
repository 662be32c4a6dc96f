import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandOrigin, launchBrowser, newVisitor } from './support/browser';

/**
 * Spec section 7, general fetch behaviour, in Chromium: a GET is retried once on 408, 409, 425,
 * 429, 500, 502, 503 or 504; a write is not retried unless the caller opts in with an
 * idempotency key. Every listed status is checked in src/shared/fetch-client.unit.test.ts.
 */

const WAIT = { timeout: 30_000, interval: 200 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function hydrated(page: Page) {
  await page.waitForSelector('[data-island="quote-form"][data-hydrated]', { state: 'attached' });
}

/** The kinds of the error reports the page sends to the Worker. */
function clientErrorKinds(page: Page): string[] {
  const kinds: string[] = [];
  page.on('request', (req: Request) => {
    if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/event/client-error')
      kinds.push((req.postDataJSON() as { kind: string }).kind);
  });
  return kinds;
}

describe('a GET is asked once more on a passing failure', () => {
  it('the location lookup answered with a listed status once is asked again and the place still shows', async () => {
    const status = 429;
    const { context, page } = await newVisitor(browser);
    let lookups = 0;
    await page.route('**/api/location?*', async (route) => {
      lookups += 1;
      if (lookups === 1) await route.fulfill({ status, contentType: 'application/json', body: '{}' });
      else await route.continue();
    });
    await page.goto(`${brandOrigin('bh')}/get-yours-otc`);
    await hydrated(page);
    await page.locator('input[name="zipcode"]').pressSequentially('60601', { delay: 40 });
    await expect.poll(() => lookups, WAIT).toBe(2);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.locator('.quote-form__place').textContent(), WAIT).toBe('Plans in Chicago, IL');
    await context.close();
  });

  it('only once: a second failure is reported, not asked a third time', async () => {
    const { context, page } = await newVisitor(browser);
    const kinds = clientErrorKinds(page);
    let lookups = 0;
    await page.route('**/api/location?*', async (route) => {
      lookups += 1;
      await route.fulfill({ status: 503, contentType: 'application/json', body: '{}' });
    });
    await page.goto(`${brandOrigin('bh')}/get-yours-otc`);
    await hydrated(page);
    await page.locator('input[name="zipcode"]').pressSequentially('60601', { delay: 40 });
    await expect.poll(() => kinds.includes('location'), WAIT).toBe(true);
    expect(lookups).toBe(2);
    await context.close();
  });
});

describe('a write is not retried by default', () => {
  it('the ip check (a POST without an idempotency key) answered 503 is reported after one attempt', async () => {
    const { context, page } = await newVisitor(browser);
    const kinds = clientErrorKinds(page);
    let checks = 0;
    await page.route('**/api/ipqs/check-ip', async (route) => {
      checks += 1;
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"error":{"code":"x","message":"x"}}',
      });
    });
    await page.goto(`${brandOrigin('bh')}/get-yours-otc`);
    await expect.poll(() => kinds.includes('ipCheck'), WAIT).toBe(true);
    expect(checks).toBe(1);
    await context.close();
  });
});

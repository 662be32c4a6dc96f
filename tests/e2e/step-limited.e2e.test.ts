import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandOrigin, launchBrowser, newVisitor } from './support/browser';

/**
 * A step the Worker's rate limit refuses (429, a shared connection that sent too much) tells
 * the visitor to wait, not to check a connection that works; the answers stay in the form, and
 * the same button moves on once the limiter's period is over.
 */
const WAIT = { timeout: 30_000 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('a rate-limited step', () => {
  it('says to wait a minute, keeps the answer, and moves on after the period', async () => {
    const { context, page, errors } = await newVisitor(browser);
    await page.goto(`${brandOrigin('bh')}/get-yours-otc`);
    await page.waitForSelector('[data-island="quote-form"][data-hydrated]', { state: 'attached', ...WAIT });
    await page.locator('input[name="zipcode"]').fill('33101');
    // The limiter counts in 10 s windows aligned to the clock: start at a window's beginning, so
    // the budget spent and the tap that meets it fall in the same window.
    await expect.poll(() => Date.now() % 10_000, { timeout: 15_000, interval: 100 }).toBeLessThan(1_500);
    // Another page on the same connection spends the step budget (15 in 10 s per client) until
    // the Worker refuses, and the visitor taps Continue at once.
    const statuses = await page.evaluate(async () => {
      const seen: number[] = [];
      while (seen.length < 30 && !seen.includes(429)) {
        const reply = await fetch('/api/form/submit', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        });
        seen.push(reply.status);
      }
      document.querySelector<HTMLButtonElement>('.quote-form .form-actions .btn')?.click();
      return seen;
    });
    expect(statuses).toContain(429);

    const alert = page.locator('.quote-form [role="alert"]');
    await expect
      .poll(() => alert.textContent(), WAIT)
      .toBe(
        'Too many requests from this connection just now. Please wait a minute and try again; your answers stay here.',
      );
    expect(new URL(page.url()).pathname).toBe('/get-yours-otc');
    expect(await page.locator('input[name="zipcode"]').inputValue()).toBe('33101');

    // Once the period is over the same button moves on (tapped every 2 s, well inside the budget).
    await expect
      .poll(
        async () => {
          if (new URL(page.url()).pathname === '/get-yours-otc') {
            await page.getByRole('button', { name: 'Continue' }).click();
          }
          return new URL(page.url()).pathname;
        },
        { timeout: 40_000, interval: 2_000 },
      )
      .toBe('/get-yours-otc/medicare');
    // The test's own empty posts (400) and the limited replies (429) are the Worker's answers; nothing else failed.
    expect(errors.filter((e) => !/status of (400|429)/.test(e))).toEqual([]);
    await context.close();
  });
});

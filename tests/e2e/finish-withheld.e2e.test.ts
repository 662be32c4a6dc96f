import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandOrigin, launchBrowser, newVisitor } from './support/browser';

/**
 * Without JavaScript no Turnstile token can be sent, so the lead cannot be verified and is kept
 * (src/worker/defence/delivery-policy.ts): the finish Chromium shows says so and that calling the
 * number on it finishes the request (src/ui/islands/quote-form/confirmation.tsx).
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const WAIT = { timeout: 30_000 };
const TYPING = { delay: 120 };

describe('the finish of an unverified lead, JavaScript off', () => {
  it('tells the visitor to call to finish, next to the number', { timeout: 60_000 }, async () => {
    const { context, page } = await newVisitor(browser, { javaScriptEnabled: false });
    const origin = brandOrigin('bh');
    const next = async (button: RegExp, path: string) => {
      await page.getByRole('button', { name: button }).click();
      await page.waitForURL((url) => url.pathname === path, WAIT);
    };
    await page.goto(`${origin}/get-yours-otc`);
    await page.locator('input[name="zipcode"]').fill('33101');
    await next(/^Continue$/, '/get-yours-otc/medicare');
    await next(/^Skip$/, '/get-yours-otc/medicaid');
    await next(/^Skip$/, '/get-yours-otc/name');
    await page.locator('input[name="firstName"]').pressSequentially('Ada', TYPING);
    await next(/^Continue$/, '/get-yours-otc/contact');
    await page
      .locator('input[name="phone"]')
      .pressSequentially(`(305) 556-${1000 + Math.floor(Math.random() * 8999)}`, TYPING);
    await page.getByRole('button', { name: /^(Send my request|Talk to a licensed agent)$/ }).click();
    const finish = page.locator('[data-confirmation]');
    await finish.waitFor(WAIT);
    expect(await finish.getAttribute('data-withheld-because')).toBe('unverified');
    await expect
      .poll(() => finish.getByText('To finish your request, call the number below').isVisible(), WAIT)
      .toBe(true);
    expect(await finish.locator('a[href^="tel:"]').first().isVisible()).toBe(true);
    await context.close();
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandOrigin, launchBrowser, newVisitor } from './support/browser';
import { arrivedAt, chooseTo, continueTo, skipTo } from './support/steps';

/**
 * The last click says what happens next, in Chromium with JavaScript: the life form's button
 * reads "Send my request", the consent line beside it quotes that label, and pressing it lands
 * on the finish ("Your request is in"), no quote promised (docs/decisions/0330). A Medicare
 * finish with no company ticked says no one will call, and the TPMO note beside it says the
 * same, its disclaimer still in view (docs/decisions/0331).
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const WAIT = { timeout: 30_000 };
const TYPING = { delay: 80 };
/** This file's own phones: one person makes one lead per product, so files never share one. */
const LIFE_PHONE = `6025553${String(100 + Math.floor(Math.random() * 900))}`;
const MEDICARE_PHONE = `3055553${String(100 + Math.floor(Math.random() * 900))}`;

async function hydrated(page: Page) {
  await page.waitForSelector('[data-island="quote-form"][data-hydrated]', { state: 'attached', ...WAIT });
}

describe('the last button and the finish it leads to', () => {
  it(
    'life: "Send my request", quoted by the consent beside it, lands on the finish',
    { timeout: 120_000 },
    async () => {
      const { context, page, errors } = await newVisitor(browser);
      await page.goto(`${brandOrigin('bh')}/get-life-now`);
      await hydrated(page);
      await page.locator('input[name="zipcode"]').pressSequentially('85001', TYPING);
      await continueTo(page, '/get-life-now/coverage');
      await skipTo(page, '/get-life-now/about');
      await skipTo(page, '/get-life-now/name');
      await page.locator('input[name="firstName"]').pressSequentially('Grace', TYPING);
      await page.locator('input[name="lastName"]').pressSequentially('Hopper', TYPING);
      await continueTo(page, '/get-life-now/contact');

      const button = page.getByRole('button', { name: 'Send my request', exact: true });
      expect(await button.isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: /Get my quote/ }).count()).toBe(0);
      // The consent line in view names the button the visitor is about to press, word for word.
      const consent = (await page.locator('.quote-form form').textContent()) ?? '';
      expect(consent).toContain('By pressing "Send my request"');
      expect(consent).not.toContain('"Get my quote"');

      await page.locator('input[name="phone"]').pressSequentially(LIFE_PHONE, TYPING);
      await continueTo(page, '/get-life-now/contact');
      const done = page.locator('[data-confirmation]');
      await done.waitFor(WAIT);
      await arrivedAt(page, '/get-life-now/contact');
      expect(await done.getAttribute('data-product')).toBe('life');
      expect(await done.locator('h2').textContent()).toBe('Thank you! Your request is in.');
      expect(await done.locator('a[href^="tel:"]').first().isVisible()).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it(
    'Medicare with no company ticked: the finish and the TPMO note both say no one will call',
    { timeout: 120_000 },
    async () => {
      const { context, page } = await newVisitor(browser);
      await page.goto(`${brandOrigin('bh')}/get-yours-otc`);
      await hydrated(page);
      await page.locator('input[name="zipcode"]').pressSequentially('33101', TYPING);
      await continueTo(page, '/get-yours-otc/medicare');
      await chooseTo(page, 'Yes', '/get-yours-otc/medicaid');
      await chooseTo(page, 'No', '/get-yours-otc/name');
      await page.locator('input[name="firstName"]').pressSequentially('Ada', TYPING);
      await page.locator('input[name="lastName"]').pressSequentially('Lovelace', TYPING);
      await continueTo(page, '/get-yours-otc/contact');

      const note = page.locator('.tpmo');
      // Before the press the note says what submitting does: the agent notice, not the kept line.
      expect(await note.locator('.tpmo__agent').isVisible()).toBe(true);
      expect(await note.locator('.tpmo__agent-kept').isVisible()).toBe(false);

      await page.locator('input[name="phone"]').pressSequentially(MEDICARE_PHONE, TYPING);
      await continueTo(page, '/get-yours-otc/contact');
      const done = page.locator('[data-confirmation]');
      await done.waitFor(WAIT);
      expect(await done.getAttribute('data-shared')).toBe('no');
      expect(await done.textContent()).toContain('no one will call you about this request');

      // The disclaimer the rule asks for stays in view; its agent line now agrees with the finish.
      expect(await note.count()).toBe(1);
      expect(await note.locator('.tpmo__text').isVisible()).toBe(true);
      await expect.poll(() => note.locator('.tpmo__agent').isVisible(), WAIT).toBe(false);
      expect(await note.locator('.tpmo__agent-kept').isVisible()).toBe(true);
      expect(await note.innerText()).not.toMatch(/who will contact you/);
      expect(await note.innerText()).toContain('no agent will contact you about it');

      // Editing the answers brings the form back, and with it the notice of what submitting does.
      await done.getByRole('link', { name: 'Edit my answers' }).click();
      await page.locator('.quote-form form').first().waitFor(WAIT);
      await expect.poll(() => note.locator('.tpmo__agent').isVisible(), WAIT).toBe(true);
      expect(await note.locator('.tpmo__agent-kept').isVisible()).toBe(false);
      await context.close();
    },
  );
});

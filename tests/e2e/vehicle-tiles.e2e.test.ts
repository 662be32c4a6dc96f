import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandOrigin, launchBrowser, newVisitor } from './support/browser';
import { arrivedAt, continueTo, pick } from './support/steps';

/**
 * The vehicle questions: tiles for recent years, common makes and a make's few models answer in
 * one tap each and move the focus to the next question; the full lists stay for the long tail
 * (the long make and model lists as a typeahead: vehicle-typeahead.e2e.test.ts).
 * A make or model not on the data set's lists (typed where the list could not load, or without
 * JavaScript) is refused with a message on its question, and the other answers stay.
 */
const WAIT = { timeout: 30_000 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function hydrated(page: Page) {
  await page.waitForSelector('[data-island="quote-form"][data-hydrated]', { state: 'attached', ...WAIT });
}

const focusedName = (page: Page) => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name);

async function toVehicles(page: Page) {
  await page.goto(`${brandOrigin('ps')}/save-auto`);
  await hydrated(page);
  await page.locator('input[name="zipcode"]').fill('60601');
  await continueTo(page, '/save-auto/vehicles');
}

describe('vehicle tiles', () => {
  it('a year tile, a make tile and a model tile: three taps, the focus moving on, the step moving on', async () => {
    const { context, page, errors } = await newVisitor(browser, { hasTouch: true });
    await toVehicles(page);
    await page.getByRole('group', { name: 'Recent years' }).getByRole('button', { name: '2020' }).tap();
    await expect.poll(() => focusedName(page)).toBe('vehicle1Make');
    expect(await page.locator('select[name="vehicle1Year"]').inputValue()).toBe('2020');
    await page.getByRole('group', { name: 'Common makes' }).getByRole('button', { name: 'Honda' }).tap();
    await expect.poll(() => focusedName(page)).toBe('vehicle1Model');
    expect(await page.locator('[name="vehicle1Make"]').inputValue()).toBe('Honda');
    // The make's models (few enough for tiles) once the year's list is in.
    const civic = page.getByRole('group', { name: 'Models' }).getByRole('button', { name: 'Civic', exact: true });
    await civic.waitFor(WAIT);
    await civic.tap();
    expect(await civic.getAttribute('aria-pressed')).toBe('true');
    expect(await page.locator('select[name="vehicle1Model"]').inputValue()).toBe('Civic');
    await continueTo(page, '/save-auto/insurance');
    // Back: the answers are the ones stored, the chosen tiles pressed.
    await page.getByRole('link', { name: 'Back' }).click();
    await arrivedAt(page, '/save-auto/vehicles');
    await expect
      .poll(() => page.getByRole('button', { name: 'Honda' }).getAttribute('aria-pressed'), WAIT)
      .toBe('true');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an unlisted model typed where the list could not load is refused by name; year and make stay', async () => {
    const { context, page } = await newVisitor(browser);
    // The year's models never arrive: the model question stays a text box.
    await page.route('**/data/vehicles/2020.json', (route) => route.abort());
    await toVehicles(page);
    await page.locator('select[name="vehicle1Year"]').selectOption('2020');
    await pick(page, 'vehicle1Make', 'Honda');
    await page.locator('input[name="vehicle1Model"]').fill('Civicc');
    await page.getByRole('button', { name: 'Continue' }).click();
    const message = page.locator('#quote .error', {
      hasText: 'That model is not on our list for this make and year. Choose one of the listed models.',
    });
    await message.waitFor(WAIT);
    expect(new URL(page.url()).pathname).toBe('/save-auto/vehicles');
    expect(await page.locator('select[name="vehicle1Year"]').inputValue()).toBe('2020');
    expect(await page.locator('[name="vehicle1Make"]').inputValue()).toBe('Honda');
    expect(await page.locator('input[name="vehicle1Model"]').inputValue()).toBe('Civicc');
    // Corrected, the step moves on.
    await page.locator('input[name="vehicle1Model"]').fill('Civic');
    await continueTo(page, '/save-auto/insurance');
    await context.close();
  });

  it('JavaScript off: an unlisted model comes back with the message, the listed make kept', async () => {
    const { context, page } = await newVisitor(browser, { javaScriptEnabled: false });
    await page.goto(`${brandOrigin('ps')}/save-auto/zip`);
    await page.locator('input[name="zipcode"]').fill('60601');
    await page.getByRole('button', { name: 'Continue' }).click();
    await arrivedAt(page, '/save-auto/vehicles');
    // No tiles without the script: the lists alone.
    expect(await page.locator('.vehicle-tiles').count()).toBe(0);
    await page.locator('select[name="vehicle1Year"]').selectOption('2019');
    await page.locator('select[name="vehicle1Make"]').selectOption('Toyota');
    await page.locator('input[name="vehicle1Model"]').fill('Not A Model');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.pathname === '/save-auto/vehicles' && url.searchParams.has('unknown'), WAIT);
    expect(await page.locator('#quote').textContent()).toContain('That model is not on our list');
    expect(await page.locator('select[name="vehicle1Make"]').inputValue()).toBe('Toyota');
    await context.close();
  });
});

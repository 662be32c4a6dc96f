import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandOrigin, launchBrowser, newVisitor } from './support/browser';
import { arrivedAt, continueTo } from './support/steps';

/**
 * The model tiles of a long make (a Toyota's common models) on a step the server renders with
 * the stored answers: the server's page and the island's first render in the browser must be
 * the same markup, or React throws the server's page away (error #418 in a production build, a
 * "did not match" warning in development). The tiles come after hydration, from the year's list
 * the browser loads, never from data only one side has. Listens to every console message and
 * page error, not only errors, for React's hydration complaints.
 */
const WAIT = { timeout: 30_000 };
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true };
const HYDRATION = /hydrat|did not match|Minified React error #(418|419|421|422|423|425)|server rendered/i;

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

function hydrationComplaints(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (msg) => {
    if (HYDRATION.test(msg.text())) seen.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => {
    if (HYDRATION.test(String(err))) seen.push(`pageerror: ${String(err)}`);
  });
  return seen;
}

const modelTile = (page: Page, model: string) =>
  page.getByRole('group', { name: 'Models' }).getByRole('button', { name: model, exact: true });

describe('model tiles hydrate', { timeout: 150_000 }, () => {
  it('a stored Toyota Camry: the vehicles step rendered by the server hydrates without a mismatch, then shows the tiles, Camry pressed', async () => {
    const { context, page, errors } = await newVisitor(browser, PHONE);
    const complaints = hydrationComplaints(page);
    await page.goto(`${brandOrigin('ps')}/save-auto`);
    await hydrated(page);
    await page.locator('input[name="zipcode"]').fill('60601');
    await continueTo(page, '/save-auto/vehicles');
    await page.getByRole('group', { name: 'Recent years' }).getByRole('button', { name: '2021' }).tap();
    await page.getByRole('group', { name: 'Common makes' }).getByRole('button', { name: 'Toyota' }).tap();
    // A long make (more models than tiles) has its common models as tiles: the Camry is one tap.
    await modelTile(page, 'Camry').tap();
    await expect.poll(() => modelTile(page, 'Camry').getAttribute('aria-pressed'), WAIT).toBe('true');
    await continueTo(page, '/save-auto/insurance');

    // The step again, rendered by the server with the stored answers, and hydrated: twice, by
    // address and by reload.
    for (const load of [() => page.goto(`${brandOrigin('ps')}/save-auto/vehicles`), () => page.reload()] as const) {
      await load();
      await arrivedAt(page, '/save-auto/vehicles');
      await hydrated(page);
      await expect.poll(() => modelTile(page, 'Camry').getAttribute('aria-pressed'), WAIT).toBe('true');
      expect(await page.locator('[name="vehicle2Model"], [name="vehicle1Model"]').first().inputValue()).toBe('Camry');
    }
    expect(complaints).toEqual([]);
    expect(errors.filter((e) => !e.includes('status of 502'))).toEqual([]);
    await context.close();
  });
});

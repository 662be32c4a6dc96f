import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { brandOrigin, exitIntentArmed, launchBrowser, newVisitor, rendered } from './support/browser';
import { queryD1, visitorIdOf } from './support/d1';
import { chooseTo, pick } from './support/steps';

/** This file's own phone number: one person makes one delivered lead per product, so files never share one. */
const OWN_PHONE = `305553${String(1000 + Math.floor(Math.random() * 9000))}`;

/**
 * The quote funnel in Chromium with JavaScript on: steps change in the page (no reload),
 * answers survive a reload, back and forward work, skip moves on, and the exit-intent
 * dialog appears once and never after "Don't show this again".
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function hydrated(page: Page, island = 'quote-form') {
  await page.waitForSelector(`[data-island="${island}"][data-hydrated]`, { state: 'attached' });
}

/** Marks the document so a test can tell an in-page step change from a page load. */
async function markDocument(page: Page) {
  await page.evaluate(() => document.documentElement.setAttribute('data-test-same-document', '1'));
}
async function sameDocument(page: Page) {
  return (await page.evaluate(() => document.documentElement.getAttribute('data-test-same-document'))) === '1';
}

async function continueTo(page: Page, path: string) {
  await page.getByRole('button', { name: /^(Continue|Send my request|Talk to a licensed agent)$/ }).click();
  await page.waitForURL((url) => url.pathname === path);
}

describe('Medicare funnel', () => {
  it('completes every step in the page, with back, skip and reload on the way', async () => {
    const { context, page, errors } = await newVisitor(browser);
    const origin = brandOrigin('bh');
    await page.goto(`${origin}/get-yours-otc?utm_source=e2e`);
    await hydrated(page);
    await markDocument(page);

    await page.locator('input[name="zipcode"]').fill('33101');
    await continueTo(page, '/get-yours-otc/medicare');
    expect(new URL(page.url()).search).toBe('?utm_source=e2e');
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H2');
    await chooseTo(page, 'Yes', '/get-yours-otc/medicaid');

    // Back: the previous step with its answer; forward again.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/get-yours-otc/medicare');
    await expect.poll(() => page.locator('h2').first().textContent()).toMatch(/Medicare Part A and Part B/);
    expect(await page.getByLabel('Yes').isChecked()).toBe(true);
    await page.goForward();
    await page.waitForURL((url) => url.pathname === '/get-yours-otc/medicaid');

    // Skip submits the step with every value null and moves on.
    await page.getByRole('button', { name: 'Skip' }).click();
    await page.waitForURL((url) => url.pathname === '/get-yours-otc/name');
    expect(await sameDocument(page)).toBe(true);

    await page.locator('input[name="firstName"]').fill('Ada');
    await page.locator('input[name="lastName"]').fill('Lovelace');
    await continueTo(page, '/get-yours-otc/contact');

    // Reload mid-funnel: the server renders the same step, and earlier answers are intact.
    await page.reload();
    await hydrated(page);
    expect(new URL(page.url()).pathname).toBe('/get-yours-otc/contact');
    await page.goto(`${origin}/get-yours-otc/name`);
    await hydrated(page);
    expect(await page.locator('input[name="firstName"]').inputValue()).toBe('Ada');
    expect(await page.locator('input[name="lastName"]').inputValue()).toBe('Lovelace');
    await continueTo(page, '/get-yours-otc/contact');

    // The phone mask, the consent disclosure, and the finish.
    await page.locator('input[name="phone"]').pressSequentially(OWN_PHONE);
    expect(await page.locator('input[name="phone"]').inputValue()).toBe(
      `(${OWN_PHONE.slice(0, 3)}) ${OWN_PHONE.slice(3, 6)}-${OWN_PHONE.slice(6)}`,
    );
    await expect
      .poll(() => page.locator('.consent').textContent())
      .toMatch(
        /Benefit Helpers may share my information with the companies I ticked, and that they and Benefit Helpers may call/,
      );
    // Consent to share is given by ticking a company (none ticked: the lead is kept, not shared).
    await page.locator('input[name^="consentSeller:"]').first().check();
    await page.getByRole('button', { name: /^(Send my request|Talk to a licensed agent)$/ }).click();
    await page.waitForSelector('.quote-form__done');
    expect(await page.locator('[data-confirmation]').getAttribute('data-shared')).toBe('yes');
    expect(await page.locator('.quote-form__done a[href^="tel:+1"]').count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/get-yours-otc/contact');

    // The lead is complete (every step in order, current consent, a valid quote token)
    // under the new cookie and origin rules; the visitor key is a signed, HttpOnly, host-only cookie.
    const id = await visitorIdOf(context);
    await expect
      .poll(
        () =>
          queryD1(`SELECT status FROM leads WHERE visitor_id = '${id}'`, z.object({ status: z.string().nullable() })),
        { timeout: 10_000, interval: 250 },
      )
      .toEqual([{ status: 'complete' }]);
    const key = (await context.cookies()).find((c) => c.name === '__Host-qf_aid');
    expect(key).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', domain: 'bh.localhost' });
    expect(await page.evaluate(() => document.cookie)).not.toContain('qf_aid');
    // A malformed #fragment is harmless (no page error); static files carry the security headers.
    await page.goto(`${origin}/get-yours-otc#%E0%A4%A`);
    await hydrated(page);
    const favicon = await page.evaluate(async () => {
      const res = await fetch('/data/zips/005.json');
      return { nosniff: res.headers.get('x-content-type-options'), referrer: res.headers.get('referrer-policy') };
    });
    expect(favicon).toEqual({ nosniff: 'nosniff', referrer: 'strict-origin-when-cross-origin' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reports an invalid answer on blur and blocks the step until it is fixed', async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto(`${brandOrigin('bh')}/get-yours-otc`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.locator('[role="alert"]').first().textContent()).toBe('Enter your 5-digit ZIP code.');
    expect(new URL(page.url()).pathname).toBe('/get-yours-otc');
    await context.close();
  });
});

describe('auto funnel', () => {
  async function driver(
    page: Page,
    n: number,
    d: { first: string; last: string; gender: string; month: string; day: string; year: string },
  ) {
    await page.locator(`input[name="driver${n}FirstName"]`).fill(d.first);
    await page.locator(`input[name="driver${n}LastName"]`).fill(d.last);
    // Driver 1 is asked gender and marital status; another driver their relation to driver 1.
    if (n === 1) {
      await page.locator(`input[name="driver${n}Gender"][value="${d.gender}"]`).check();
      await page.locator(`input[name="driver${n}MaritalStatus"][value="married"]`).check();
    } else {
      await page.locator(`input[name="driver${n}Relationship"][value="spouse"]`).check();
    }
    // The date of birth in one box.
    await page.locator(`input[name="driver${n}Dob"]`).fill(`${d.month}/${d.day}/${d.year}`);
  }

  /** The license and record are asked on the step after. */
  async function driverRecord(page: Page, n: number) {
    await pick(page, `driver${n}LicenseStatus`, 'active');
    await page.locator(`input[name="driver${n}Sr22"][value="0"]`).check();
    await pick(page, `driver${n}CreditRating`, 'good');
  }

  it('completes with 2 vehicles and 2 drivers from the vehicle data set', async () => {
    const { context, page, errors } = await newVisitor(browser);
    await page.goto(`${brandOrigin('ps')}/save-auto`);
    await hydrated(page);
    await page.locator('input[name="zipcode"]').fill('60601');
    await continueTo(page, '/save-auto/vehicles');

    await pick(page, 'vehicle1Year', '2020');
    await pick(page, 'vehicle1Make', 'Honda');
    await pick(page, 'vehicle1Model', 'Civic');
    await page.getByRole('button', { name: 'Add another vehicle' }).click();
    await pick(page, 'vehicle2Year', '2018');
    await pick(page, 'vehicle2Make', 'Toyota');
    await pick(page, 'vehicle2Model', 'Camry');
    await continueTo(page, '/save-auto/insurance');

    // One question a screen: a tile is the answer and the move.
    await chooseTo(page, /^Yes$/, '/save-auto/insurer');
    await pick(page, 'currentCompany', 'State Farm');
    await continueTo(page, '/save-auto/home');
    await chooseTo(page, /^Yes$/, '/save-auto/home-quote');
    await chooseTo(page, /^No$/, '/save-auto/drivers');

    await driver(page, 1, { first: 'Ada', last: 'Lovelace', gender: 'female', month: '12', day: '10', year: '1965' });
    await page.getByRole('button', { name: 'Add another driver' }).click();
    await driver(page, 2, { first: 'William', last: 'King', gender: 'male', month: '2', day: '21', year: '1965' });
    await continueTo(page, '/save-auto/driver-details');
    await driverRecord(page, 1);
    await page.locator('input[name="driver1MilitaryAffiliation"][value="0"]').check();
    await driverRecord(page, 2);
    await continueTo(page, '/save-auto/contact');

    await page.locator('input[name="driver1Phone"]').pressSequentially(OWN_PHONE);
    await page.locator('input[name="driver1Address"]').fill('1 Main St');
    await page.getByRole('button', { name: /^(Send my request|Talk to a licensed agent)$/ }).click();
    await page.waitForSelector('.quote-form__done');

    // Everything was stored: the drivers step renders both drivers from the server (editing
    // the answers: a finished visitor otherwise sees the confirmation).
    await page.goto(`${brandOrigin('ps')}/save-auto/drivers?edit=1`);
    await hydrated(page);
    expect(await page.locator('input[name="driver2FirstName"]').inputValue()).toBe('William');
    await page.goto(`${brandOrigin('ps')}/save-auto/vehicles?edit=1`);
    await hydrated(page);
    await expect.poll(() => page.locator('[name="vehicle2Model"]').inputValue()).toBe('Camry');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('exit intent', () => {
  const leaveThroughTop = (page: Page) =>
    page.evaluate(() =>
      document.dispatchEvent(
        new MouseEvent('mouseout', { clientX: 200, clientY: -1, relatedTarget: null, bubbles: true }),
      ),
    );

  it('shows once, closes with Escape and returns focus; never again after unsubscribe', async () => {
    const { context, page, errors } = await newVisitor(browser);
    // Budgets: the dialog's code is fetched when a trigger fires, not with the page.
    const dialogChunks: string[] = [];
    page.on('request', (r) => {
      if (/\/build\/chunks\/exit-intent-[\w-]+\.js$/.test(new URL(r.url()).pathname)) dialogChunks.push(r.url());
    });
    const url = `${brandOrigin('bh')}/get-yours-otc`;
    await page.goto(url);
    await exitIntentArmed(page);
    await hydrated(page);
    await rendered(page);
    expect(dialogChunks).toEqual([]);
    await page.locator('input[name="zipcode"]').focus();
    await leaveThroughTop(page);
    const dialog = page.locator('dialog.exit-intent');
    await expect.poll(() => dialog.evaluate((d: HTMLDialogElement) => d.open)).toBe(true);
    expect(dialogChunks).toHaveLength(1);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog')))).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.evaluate((d: HTMLDialogElement) => d.open)).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('zipcode');
    expect(await page.evaluate(() => localStorage.getItem('vue-exit-intent'))).toMatch(/^\d+$/);

    // Shown once: leaving again, even after a reload, shows nothing.
    await leaveThroughTop(page);
    await page.reload();
    await exitIntentArmed(page);
    await leaveThroughTop(page);
    await rendered(page);
    expect(await dialog.evaluate((d: HTMLDialogElement) => d.open)).toBe(false);

    // Reset, show it again, unsubscribe: it never returns, whatever the repeat window.
    await page.evaluate(() => window.dispatchEvent(new Event('quote:exit-intent-reset')));
    await page.reload();
    await exitIntentArmed(page);
    await leaveThroughTop(page);
    await expect.poll(() => dialog.evaluate((d: HTMLDialogElement) => d.open)).toBe(true);
    // Stored by the click itself: read in the same task as the click, before any promise could settle
    // (a visitor who clicks and leaves at once must not see it again).
    const unsubscribed = await page
      .getByRole('button', { name: "Don't show this again" })
      .evaluate((button: HTMLButtonElement) => {
        button.click();
        return localStorage.getItem('vue-exit-intent-unsubscribed');
      });
    expect(unsubscribed).toBe('true');
    await expect.poll(() => dialog.evaluate((d: HTMLDialogElement) => d.open)).toBe(false);
    await page.evaluate(() => localStorage.removeItem('vue-exit-intent'));
    await page.reload();
    await exitIntentArmed(page);
    await leaveThroughTop(page);
    await rendered(page);
    expect(await dialog.evaluate((d: HTMLDialogElement) => d.open)).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});

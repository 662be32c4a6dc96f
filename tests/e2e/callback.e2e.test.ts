import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BRANDS } from '../../brands';
import { brandOrigin, launchBrowser, newVisitor } from './support/browser';
import { queryD1, visitorIdOf } from './support/d1';
import { chooseTo } from './support/steps';

/** This file's own phone: one person makes one delivered lead per product, so files never share one. */
const OWN_PHONE = `3055557${String(100 + Math.floor(Math.random() * 900))}`;
/** Another for the lead that is shared, so the one above is never its duplicate. */
const SHARED_PHONE = `3055556${String(100 + Math.floor(Math.random() * 900))}`;
const PERSON_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const TYPING = { delay: 120 };

/**
 * Honest hours in Chromium: with agents away (the Worker's and the visitor's clocks on a Sunday
 * evening), the contact step sent valid asks for a call-back time on a screen of its own, from
 * the next opening; the chosen time is stored and the lead then sent carries it (the D1 row).
 * A time that passed while the page was open is refused with a message, the answers kept. With agents answering,
 * no call-back is offered.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const WAIT = { timeout: 30_000 };
const SUNDAY_19_PT = '2025-06-16T02:00:00.000Z';
const TUESDAY_11_PT = '2025-06-10T18:00:00.000Z';

async function hydrated(page: Page) {
  await page.waitForSelector('[data-island="quote-form"][data-hydrated]', { state: 'attached', ...WAIT });
}

async function continueTo(page: Page, path: string) {
  await page
    .getByRole('button', { name: /^(Continue|Send my request|Talk to a licensed agent|Skip)$/ })
    .first()
    .click();
  await page.waitForURL((url) => url.pathname === path, WAIT);
}

describe('a call-back instead of a dead call button', () => {
  it('agents away: the visitor picks a time, and the lead carries it', async () => {
    const { context, page, errors } = await newVisitor(browser, { headers: { 'x-dev-clock': SUNDAY_19_PT } });
    await page.clock.setFixedTime(new Date(SUNDAY_19_PT));
    await page.goto(`${brandOrigin('bh')}/get-yours-otc`);
    await hydrated(page);
    await page.locator('input[name="zipcode"]').fill('33101');
    await continueTo(page, '/get-yours-otc/medicare');
    await chooseTo(page, 'Yes', '/get-yours-otc/medicaid');
    await page.getByRole('button', { name: 'Skip' }).click();
    await page.waitForURL((url) => url.pathname === '/get-yours-otc/name', WAIT);
    await page.locator('input[name="firstName"]').fill('Ada');
    await page.locator('input[name="lastName"]').fill('Lovelace');
    await continueTo(page, '/get-yours-otc/contact');

    // The contact step itself carries no picker (it fits one phone screen); sent valid, the
    // call-back time is asked on a screen of its own, and the answers stay.
    await page.locator('input[name="phone"]').waitFor(WAIT);
    expect(await page.locator('[data-callback-picker]').count()).toBe(0);
    await page.locator('input[name="phone"]').pressSequentially(OWN_PHONE);
    // The call-back screen comes only when a company will call: one is ticked.
    await page.locator('input[name^="consentSeller:"]').first().check();
    await page.getByRole('button', { name: /^(Send my request|Talk to a licensed agent)$/ }).click();
    const picker = page.locator('[data-callback-picker]');
    await picker.waitFor(WAIT);
    expect(await picker.locator('h2').textContent()).toBe('Our agents are away right now');
    const options = await picker.locator('option').allTextContents();
    // From the next opening, Monday 5:00 AM Pacific, every half hour: 8:00 AM where a loopback visitor is placed (Miami, Eastern time).
    expect(options.slice(0, 2)).toEqual(['Mon, Jun 16, 8:00 AM ET', 'Mon, Jun 16, 8:30 AM ET']);
    // Back to the details and on again: the phone typed is kept.
    await picker.getByRole('button', { name: 'Back to my details' }).click();
    expect(await page.locator('input[name="phone"]').isVisible()).toBe(true);
    expect((await page.locator('input[name="phone"]').inputValue()).replace(/\D/g, '')).toBe(OWN_PHONE);
    await page.getByRole('button', { name: /^(Send my request|Talk to a licensed agent)$/ }).click();
    await picker.waitFor(WAIT);
    await picker.locator('select').selectOption({ label: 'Mon, Jun 16, 8:30 AM ET' });
    await picker.getByRole('button', { name: 'Ask for this time' }).click();
    await page.waitForSelector('.quote-form__done', WAIT);
    const id = await visitorIdOf(context);
    await expect
      .poll(
        () =>
          queryD1(
            `SELECT "values" AS v FROM leads WHERE visitor_id = '${z.uuid().parse(id)}'`,
            z.object({ v: z.string() }),
          ).map((row) => (JSON.parse(row.v) as { callbackAt?: string }).callbackAt),
        { timeout: 10_000, interval: 250 },
      )
      .toEqual(['2025-06-16T12:30:00.000Z']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a shared lead: the finish names the time chosen at once, in the visitor zone, and the call button steps back', async () => {
    // A person: a desktop Chrome that does not announce automation, typing at a person's pace,
    // so the lead defence judges the lead a person's and it goes to the company ticked.
    const { context, page, errors } = await newVisitor(browser, {
      headers: { 'x-dev-clock': SUNDAY_19_PT },
      userAgent: PERSON_UA,
    });
    await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false }));
    await page.clock.setFixedTime(new Date(SUNDAY_19_PT));
    const began = performance.now();
    await page.goto(`${brandOrigin('bh')}/get-yours-otc`);
    await hydrated(page);
    await page.locator('input[name="zipcode"]').pressSequentially('33101', TYPING);
    await continueTo(page, '/get-yours-otc/medicare');
    await chooseTo(page, 'Yes', '/get-yours-otc/medicaid');
    await chooseTo(page, 'No', '/get-yours-otc/name');
    await page.locator('input[name="firstName"]').pressSequentially('Ada', TYPING);
    await page.locator('input[name="lastName"]').pressSequentially('Lovelace', TYPING);
    await continueTo(page, '/get-yours-otc/contact');
    await page.locator('input[name="phone"]').pressSequentially(SHARED_PHONE, TYPING);
    const company = BRANDS.find((b) => b.id === 'bh')?.consent.medicare?.sellers[0]?.name ?? '';
    await page.getByLabel(company).check();
    await page.getByRole('button', { name: /^(Send my request|Talk to a licensed agent)$/ }).click();
    const picker = page.locator('[data-callback-picker]');
    await picker.waitFor(WAIT);
    await picker.locator('select').selectOption({ label: 'Mon, Jun 16, 9:00 AM ET' });
    // A person reads the screen before choosing: at least the seconds a form of four moves takes
    // a person (the defence calls a quicker walk a script's).
    await expect.poll(() => performance.now() - began, { timeout: 15_000, interval: 250 }).toBeGreaterThan(6_000);
    await picker.getByRole('button', { name: 'Ask for this time' }).click();
    const done = page.locator('[data-confirmation]');
    await done.waitFor(WAIT);
    expect(await done.getAttribute('data-shared')).toBe('yes');
    // Named in this page, without a reload: the time the Worker stored, in the visitor's zone.
    expect(await done.locator('[data-callback-at]').textContent()).toBe(
      'A licensed agent will call you Mon, Jun 16, 9:00 AM ET, at the number you gave.',
    );
    expect(await done.locator('a[href^="tel:"].cta-phone--quiet').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a time that has passed while the page was open is refused with a message, and the answers stay', async () => {
    const { context, page, errors } = await newVisitor(browser, { headers: { 'x-dev-clock': SUNDAY_19_PT } });
    await page.clock.setFixedTime(new Date(SUNDAY_19_PT));
    await page.goto(`${brandOrigin('bh')}/get-yours-otc/contact`);
    await hydrated(page);
    await page.locator('input[name="phone"]').pressSequentially(OWN_PHONE);
    // The call-back screen comes only when a company will call: one is ticked.
    await page.locator('input[name^="consentSeller:"]').first().check();
    await page.getByRole('button', { name: /^(Send my request|Talk to a licensed agent)$/ }).click();
    const picker = page.locator('[data-callback-picker]');
    await picker.waitFor(WAIT);
    // The Worker's clock moves on to Monday 6:00 AM Pacific: the first time offered (5:00) has passed.
    await context.setExtraHTTPHeaders({ 'x-dev-clock': '2025-06-16T13:00:00.000Z' });
    await picker.locator('select').selectOption({ label: 'Mon, Jun 16, 8:00 AM ET' });
    await picker.getByRole('button', { name: 'Ask for this time' }).click();
    await expect
      .poll(() => picker.getByRole('alert').textContent(), WAIT)
      .toBe('That time has already passed. Please choose a time from the list.');
    // Still on the call-back screen, the list asked again from the Worker's new now; nothing sent.
    await expect
      .poll(async () => (await picker.locator('option').allTextContents())[0], WAIT)
      .toBe('Mon, Jun 16, 9:30 AM ET');
    expect(await page.locator('.quote-form__done').count()).toBe(0);
    await picker.getByRole('button', { name: 'Back to my details' }).click();
    expect((await page.locator('input[name="phone"]').inputValue()).replace(/\D/g, '')).toBe(OWN_PHONE);
    expect(errors.filter((e) => !/400/.test(e))).toEqual([]);
    await context.close();
  });

  it('agents answering: no call-back offered on the last step', async () => {
    const { context, page } = await newVisitor(browser, { headers: { 'x-dev-clock': TUESDAY_11_PT } });
    await page.clock.setFixedTime(new Date(TUESDAY_11_PT));
    await page.goto(`${brandOrigin('bh')}/get-yours-otc/contact`);
    await hydrated(page);
    await page.locator('input[name="phone"]').waitFor(WAIT);
    // Settled: the lazy picker would have been asked for by now (nothing pending on the network).
    await page.waitForLoadState('networkidle');
    expect(await page.locator('[data-callback-picker]').count()).toBe(0);
    await context.close();
  });
});

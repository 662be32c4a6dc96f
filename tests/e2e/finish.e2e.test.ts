import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { brandOrigin, launchBrowser, newVisitor } from './support/browser';
import { pick } from './support/steps';
import { queryD1, visitorIdOf } from './support/d1';

/** This file's own phone number: one person makes one delivered lead per product, so files never share one. */
const OWN_PHONE = `305552${String(1000 + Math.floor(Math.random() * 9000))}`;

/** This file's own phone: one person makes one delivered lead per product, so files never share one. */
const DRIVER_PHONE = `3125554${String(100 + Math.floor(Math.random() * 900))}`;

/**
 * Items 1 and 2 in Chromium on a 390x844 phone: after the last step every call
 * button on the page (header, confirmation, exit-intent dialog) shows the leased number, and
 * the brand's default once the lease ran out (the page's clock is moved past the lease's five
 * minutes); the number never wraps; the confirmation replaces the form, in the viewport and
 * focused, for a Medicare and an auto funnel; a finished visitor opening another page of the
 * product sees the confirmation first; without JavaScript the finish shows the confirmation
 * with the leased number.
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
const LEASED = /^tel:\+1833555\d{4}$/;
const PERSON_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** A visitor the lead defence judges a person (so the lease is not withheld): a desktop agent, no webdriver flag. */
async function person(
  options: { javaScriptEnabled?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const visit = await newVisitor(browser, { userAgent: PERSON_UA, ...options });
  await visit.context.addInitScript(() =>
    Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false }),
  );
  return visit;
}

async function hydrated(page: Page) {
  await page.waitForSelector('[data-island="quote-form"][data-hydrated]', { state: 'attached', ...WAIT });
}

async function next(page: Page, button: RegExp, path: string) {
  await page.getByRole('button', { name: button }).click();
  await page.waitForURL((url) => url.pathname === path, WAIT);
}

/** The trust verdict and reasons of a visitor's leads (tests/e2e/support/d1.ts). */
function leadTrustOf(anonymousId: string) {
  return queryD1(
    `SELECT trust_verdict, trust_reasons FROM leads WHERE visitor_id = '${z.uuid().parse(anonymousId)}'`,
    z.object({ trust_verdict: z.string().nullable(), trust_reasons: z.string().nullable() }),
  );
}

/** Every tel: link in the document (dialogs included), deduplicated. */
function telHrefs(page: Page): Promise<string[]> {
  return page.evaluate(() => [
    ...new Set(
      [...document.querySelectorAll<HTMLAnchorElement>('a[href^="tel:"]')].map((a) => a.getAttribute('href') ?? ''),
    ),
  ]);
}

/** The numbers the call buttons show, deduplicated. */
function shownNumbers(page: Page): Promise<string[]> {
  return page.evaluate(() => [
    ...new Set([...document.querySelectorAll('.cta-phone__number')].map((n) => n.textContent ?? '')),
  ]);
}

/** The confirmation is on screen (its top in the viewport below nothing), holds the focus, and the form is gone. */
async function expectConfirmationInFront(page: Page) {
  await page.waitForSelector('[data-confirmation]', WAIT);
  await expect
    .poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('[data-confirmation]'))), WAIT)
    .toBe(true);
  // The scroll is smooth: wait for it to land with the heading on screen, below the sticky header.
  const onScreen = () =>
    page.evaluate(() => {
      const r = document.querySelector('[data-confirmation] h2')?.getBoundingClientRect();
      const header = document.querySelector('.site-header')?.getBoundingClientRect().bottom ?? 0;
      return r !== undefined && r.top >= header && r.bottom <= window.innerHeight;
    });
  await expect.poll(onScreen, WAIT).toBe(true);
  expect(await page.locator('[data-island="quote-form"] form').count()).toBe(0);
}

/**
 * The blank height (px) between the confirmation's last line and its bottom edge: a Medicare or
 * life finish is as tall as its words (no screen-height card with a quarter of it empty).
 */
function blankUnderContent(page: Page): Promise<number> {
  return page.evaluate(() => {
    const card = document.querySelector('[data-confirmation]');
    const last = card?.lastElementChild;
    if (!card || !last) return Infinity;
    const padding = parseFloat(getComputedStyle(card).paddingBottom) + parseFloat(getComputedStyle(last).marginBottom);
    return card.getBoundingClientRect().bottom - last.getBoundingClientRect().bottom - padding;
  });
}

/** Each call button's number is laid out on one line, and the page does not scroll sideways. */
async function expectNoWrap(page: Page) {
  const lines = await page.evaluate(() =>
    [...document.querySelectorAll('.site-header .cta-phone__number, [data-confirmation] .cta-phone__number')].map(
      (n) => n.getClientRects().length,
    ),
  );
  expect(lines.length).toBeGreaterThan(0);
  expect(lines.every((n) => n === 1)).toBe(true);
  const numberHeight = await page.evaluate(() => {
    const n = document.querySelector('.site-header .cta-phone__number');
    return n ? n.getBoundingClientRect().height / parseFloat(getComputedStyle(n).lineHeight || '20') : 0;
  });
  expect(numberHeight).toBeLessThan(1.5);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(
    true,
  );
}

describe('one number and the finish (Medicare, bh /otc-allowance)', () => {
  it(
    'every tel: link shows the lease after the last step and the default after it expires; the confirmation is in front',
    { timeout: 120_000 },
    async () => {
      const { context, page, errors } = await person();
      // An installed clock: time flows as usual until the test moves it past the lease.
      await page.clock.install();
      const origin = brandOrigin('bh');
      await page.goto(`${origin}/otc-allowance`);
      await hydrated(page);
      expect(await telHrefs(page)).toEqual(['tel:+18005550101']);
      await page.locator('input[name="zipcode"]').pressSequentially('33101', TYPING);
      await next(page, /^Continue$/, '/otc-allowance/medicare');
      await next(page, /^Skip$/, '/otc-allowance/medicaid');
      await next(page, /^Skip$/, '/otc-allowance/name');
      await page.locator('input[name="firstName"]').pressSequentially('Ada', TYPING);
      await page.locator('input[name="lastName"]').pressSequentially('Lovelace', TYPING);
      await next(page, /^Continue$/, '/otc-allowance/contact');
      await expect
        .poll(() => page.evaluate(() => typeof (window as { turnstile?: unknown }).turnstile), WAIT)
        .toBe('object');
      await page.locator('input[name="phone"]').pressSequentially(OWN_PHONE, TYPING);
      const reply = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/mediaalpha/get-phone', WAIT);
      await page.getByRole('button', { name: /^(Send my request|Talk to a licensed agent)$/ }).click();
      expect((await reply).ok()).toBe(true);

      await expectConfirmationInFront(page);
      expect(await blankUnderContent(page), "blank space under the finish card's last line").toBeLessThan(8);
      await expect
        .poll(async () => (await telHrefs(page)).length === 1 && LEASED.test((await telHrefs(page))[0] ?? ''), WAIT)
        .toBe(true);
      const [leased] = await telHrefs(page);
      expect(await shownNumbers(page)).toEqual([`1-833-555-${leased?.slice(-4)}`]);
      // The exit-intent dialog's button is one of them (closed dialogs keep their markup).
      expect(await page.locator('dialog.exit-intent a[href^="tel:"]').getAttribute('href')).toBe(leased);
      await expectNoWrap(page);
      await page.setViewportSize({ width: 320, height: 700 });
      await expectNoWrap(page);
      await page.setViewportSize({ width: 390, height: 844 });

      // A finished visitor on another page of the product: the confirmation first, the same number.
      await page.goto(`${origin}/get-yours-otc`);
      await hydrated(page);
      expect(await page.locator('[data-confirmation]').isVisible()).toBe(true);
      expect(await page.getByRole('link', { name: 'Start a new quote' }).isVisible()).toBe(true);
      expect(await page.locator('input[name="zipcode"]').count()).toBe(0);
      expect(await telHrefs(page)).toEqual([leased]);

      // The lease runs out (five minutes): every button falls back to the brand's default together.
      await page.clock.fastForward('05:05');
      await expect.poll(() => telHrefs(page), WAIT).toEqual(['tel:+18005550101']);
      expect(await shownNumbers(page)).toEqual(['1-800-555-0101']);

      // "Start a new quote" brings the form back with the answers kept.
      await page.getByRole('link', { name: 'Start a new quote' }).click();
      await page.waitForURL(
        (url) => url.pathname === '/get-yours-otc/zip' && url.searchParams.get('edit') === '1',
        WAIT,
      );
      expect(await page.locator('input[name="zipcode"]').inputValue()).toBe('33101');
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});

describe('the auto finish (tqg /compare-auto)', () => {
  it(
    'replaces the form with the confirmation, in the viewport and focused, with the leased number',
    { timeout: 150_000 },
    async () => {
      const { context, page } = await person();
      await page.goto(`${brandOrigin('tqg')}/compare-auto`);
      await hydrated(page);
      await page.locator('input[name="zipcode"]').pressSequentially('60601', TYPING);
      await next(page, /^Continue$/, '/compare-auto/vehicles');
      for (const [name, value] of [
        ['vehicle1Year', '2020'],
        ['vehicle1Make', 'Honda'],
        ['vehicle1Model', 'Civic'],
      ] as const) {
        // A list, or a long list's typeahead box (the make), answered as a visitor would.
        await pick(page, name, value);
      }
      await next(page, /^Continue$/, '/compare-auto/insurance');
      await next(page, /^Skip$/, '/compare-auto/insurer');
      await next(page, /^Skip$/, '/compare-auto/home');
      await next(page, /^Skip$/, '/compare-auto/home-quote');
      await next(page, /^Skip$/, '/compare-auto/drivers');
      await page.locator('input[name="driver1FirstName"]').pressSequentially('Grace', TYPING);
      await page.locator('input[name="driver1LastName"]').pressSequentially('Hopper', TYPING);
      await page.locator('input[name="driver1Dob"]').pressSequentially('12091966', TYPING);
      await next(page, /^Continue$/, '/compare-auto/driver-details');
      await next(page, /^Skip$/, '/compare-auto/contact');
      await page.locator('input[name="driver1Phone"]').pressSequentially(DRIVER_PHONE, TYPING);
      await page.locator('input[name="driver1Address"]').pressSequentially('1 Main St', TYPING);
      await page.getByRole('button', { name: /^(Send my request|Talk to a licensed agent)$/ }).click();
      await expectConfirmationInFront(page);
      await expect
        .poll(async () => (await telHrefs(page)).length === 1 && LEASED.test((await telHrefs(page))[0] ?? ''), WAIT)
        .toBe(true);
      // A reload of the same address shows the confirmation again, not the last step.
      await page.reload();
      await hydrated(page);
      expect(await page.locator('[data-confirmation]').isVisible()).toBe(true);
      expect(await page.locator('input[name="driver1Phone"]').count()).toBe(0);
      await context.close();
    },
  );
});

describe('the finish without JavaScript', () => {
  it('shows the confirmation with the leased number in every call button', { timeout: 60_000 }, async () => {
    const { context, page } = await person({ javaScriptEnabled: false });
    const origin = brandOrigin('bh');
    await page.goto(`${origin}/get-yours-otc`);
    await page.locator('input[name="zipcode"]').fill('33101');
    await next(page, /^Continue$/, '/get-yours-otc/medicare');
    await next(page, /^Skip$/, '/get-yours-otc/medicaid');
    await next(page, /^Skip$/, '/get-yours-otc/name');
    // Typed at a person's pace: filled instantly, the four steps after the first could take under
    // 250 ms each on a quiet machine, an `inhuman-speed` lead whose visitor gets the default number.
    await page.locator('input[name="firstName"]').pressSequentially('Ada', TYPING);
    await next(page, /^Continue$/, '/get-yours-otc/contact');
    await page.locator('input[name="phone"]').pressSequentially('(305) 555-0199', TYPING);
    await page.getByRole('button', { name: /^(Send my request|Talk to a licensed agent)$/ }).click();
    await page.waitForSelector('[data-confirmation]', WAIT);
    expect(await page.locator('[data-island="quote-form"] form').count()).toBe(0);
    const hrefs = await telHrefs(page);
    expect(hrefs).toHaveLength(1);
    // Should the default number show, the message says how the lead defence judged the lead.
    expect(hrefs[0], JSON.stringify(leadTrustOf(await visitorIdOf(context)))).toMatch(LEASED);
    expect(await page.getByRole('link', { name: 'Edit my answers' }).getAttribute('href')).toBe(
      '/get-yours-otc/zip?edit=1',
    );
    await context.close();
  });
});

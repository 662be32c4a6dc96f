import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandOrigin, launchBrowser, newVisitor } from './support/browser';
import { arrivedAt } from './support/steps';
import { sandboxCallsOf, taggedUserAgent } from './support/sandbox';

/**
 * The number once the call is routable (src/shared/forms/call-ready.ts): a Medicare visitor
 * who wants to call has a tracked number to dial in the header and the call bar after the zip
 * and the two Medicare answers, at most 4 taps from the landing page, and that number is the
 * one MediaAlpha's get-phone leased for this visitor with those answers. The finish later shows
 * the same lease without a second partner call.
 */
const WAIT = { timeout: 30_000, interval: 200 };
/** The target: a dialable tracked number in at most this many taps. */
const MAX_TAPS = 4;
const BH_DEFAULT = '18005550101';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * The leased number's tel: links that a visitor can tap now: in the viewport and not covered
 * (the element at the link's centre is the link or inside it). `where`: header or call bar.
 */
function dialable(page: Page): Promise<{ header: string | null; callBar: string | null }> {
  return page.evaluate((fallback) => {
    const reachable = (selector: string) => {
      for (const link of document.querySelectorAll<HTMLAnchorElement>(`${selector} a[href^="tel:"][data-phone]`)) {
        const digits = link.getAttribute('data-phone') ?? '';
        if (digits === fallback) continue;
        const box = link.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) continue;
        if (box.top < 0 || box.bottom > window.innerHeight || box.left < 0 || box.right > window.innerWidth) continue;
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        if (hit && link.contains(hit)) return digits;
      }
      return null;
    };
    return { header: reachable('.site-header'), callBar: reachable('[data-call-bar]') };
  }, BH_DEFAULT);
}

async function hydrated(page: Page) {
  await page.waitForSelector('[data-island="quote-form"][data-hydrated]', { state: 'attached', timeout: 30_000 });
}

describe('a Medicare caller', { timeout: 120_000 }, () => {
  it('on a phone, dials the leased number after 4 taps: zip, Continue, Medicare, Medicaid', async () => {
    const ua = taggedUserAgent(browser);
    const { context, page, errors } = await newVisitor(browser, { userAgent: ua, hasTouch: true });
    let taps = 0;
    const tap = async (selector: string) => {
      taps++;
      await page.locator(selector).first().tap();
    };
    await page.goto(`${brandOrigin('bh')}/get-yours-otc`);
    await hydrated(page);
    // Before the answers the page shows the brand's number, and no lease was asked for.
    expect(await dialable(page)).toEqual({ header: null, callBar: null });

    await tap('input[name="zipcode"]');
    await page.keyboard.type('33101');
    await tap('.quote-form .form-actions .btn');
    await arrivedAt(page, '/get-yours-otc/medicare');
    await tap('.quote-form .choices.tiles label:has-text("Yes")');
    await arrivedAt(page, '/get-yours-otc/medicaid');
    expect(await sandboxCallsOf(ua, 'mediaalpha', '/get-phone')).toEqual([]);
    await tap('.quote-form .choices.tiles label:has-text("No")');
    await arrivedAt(page, '/get-yours-otc/name');

    // Both the header and the call bar offer the leased number, in view and tappable.
    await expect
      .poll(() => dialable(page), WAIT)
      .toEqual({
        header: expect.stringMatching(/^1833555\d{4}$/),
        callBar: expect.stringMatching(/^1833555\d{4}$/),
      });
    expect(taps).toBeLessThanOrEqual(MAX_TAPS);
    const shown = await dialable(page);
    expect(shown.header).toBe(shown.callBar);

    // The partner call that leased it: once, for this visitor, with the zip and both answers.
    const leases = await sandboxCallsOf(ua, 'mediaalpha', '/get-phone');
    expect(leases).toHaveLength(1);
    expect(leases[0]?.body).toMatchObject({
      data: { zip: '33101', currently_insured: 1, receives_medicaid: 0 },
      placement_id: 'bhMedicare0000000000000000001a',
    });
    // The number on screen is the link's tel: target, as dialled.
    expect(await page.locator('[data-call-bar] a[data-phone]').getAttribute('href')).toBe(`tel:+${shown.callBar}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a desktop, the header offers the leased number after the same answers, and the finish reuses the lease', async () => {
    const ua = taggedUserAgent(browser);
    const { context, page, errors } = await newVisitor(browser, {
      userAgent: ua,
      viewport: { width: 1366, height: 768 },
    });
    let taps = 0;
    const click = async (selector: string) => {
      taps++;
      await page.locator(selector).first().click();
    };
    await page.goto(`${brandOrigin('bh')}/get-yours-otc`);
    await hydrated(page);
    await click('input[name="zipcode"]');
    await page.keyboard.type('33101');
    // The keyboard's Enter submits the step: 3 clicks then.
    await page.keyboard.press('Enter');
    await arrivedAt(page, '/get-yours-otc/medicare');
    await click('.quote-form .choices.tiles label:has-text("No")');
    await arrivedAt(page, '/get-yours-otc/medicaid');
    await click('.quote-form .choices.tiles label:has-text("Yes")');
    await expect.poll(async () => (await dialable(page)).header, WAIT).toMatch(/^1833555\d{4}$/);
    expect(taps).toBe(3);
    const leased = (await dialable(page)).header;
    const leases = await sandboxCallsOf(ua, 'mediaalpha', '/get-phone');
    expect(leases).toHaveLength(1);
    expect(leases[0]?.body).toMatchObject({ data: { zip: '33101', currently_insured: 0, receives_medicaid: 1 } });

    // On to the finish: the confirmation's number is the same lease, and MediaAlpha was not asked again.
    await page.locator('input[name="firstName"]').fill('Ada');
    await page.locator('input[name="firstName"]').press('Enter');
    await arrivedAt(page, '/get-yours-otc/contact');
    await page.getByRole('button', { name: 'Skip' }).click();
    await page.waitForSelector('.quote-form__done a[href^="tel:"]', { timeout: 30_000 });
    await expect
      .poll(() => page.locator('.quote-form__done a[href^="tel:"]').first().getAttribute('data-phone'), WAIT)
      .toBe(leased);
    expect(await sandboxCallsOf(ua, 'mediaalpha', '/get-phone')).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});

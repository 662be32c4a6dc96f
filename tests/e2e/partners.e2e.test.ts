import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import ps from '../../brands/ps';
import { formatPhone } from '../../src/shared/phone/format';
import { isWorkingHours } from '../../src/shared/phone/working-hours';
import { brandOrigin, launchBrowser, newVisitor, sandboxOrigin } from './support/browser';
import { queryD1, storedEventsOf, visitorIdOf } from './support/d1';
import { sandboxCallsOf, setSandboxBehaviour, taggedUserAgent } from './support/sandbox';
import { pick, skipTo } from './support/steps';

/**
 * This file's own phones (one per journey): one person makes one delivered lead per product, so
 * files never share a prefix (tests/e2e/auto-household.e2e.test.ts has 3125552).
 */
const DRIVER_PHONE = `3125556${String(100 + Math.floor(Math.random() * 900))}`;
const SECOND_DRIVER_PHONE = `3125557${String(100 + Math.floor(Math.random() * 900))}`;

/**
 * The partner side in Chromium against the local sandbox: the phone number leased after the
 * auto funnel (not the brand's default) with a tel link that records the call click, and a
 * clicks page listing the sandbox's offers.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const WAIT = { timeout: 30_000, interval: 500 };
/**
 * A person's typing: a funnel finished faster than 250 ms a step is an `inhuman-speed` lead,
 * whose visitor gets the default number, never a lease (src/worker/defence/thresholds.ts).
 * Filled instantly, seven steps came close to that on a fast machine.
 */
const TYPING = { delay: 140 };
/** The sandbox leases +1 833 555 xxxx (sandbox/mediaalpha.ts). */
const LEASED = /^1833555\d{4}$/;

async function hydrated(page: Page, island: string) {
  await page.waitForSelector(`[data-island="${island}"][data-hydrated]`, { state: 'attached', timeout: 30_000 });
}

async function continueTo(page: Page, path: string) {
  await page.getByRole('button', { name: /^(Continue|Send my request|Talk to a licensed agent)$/ }).click();
  await page.waitForURL((url) => url.pathname === path, { timeout: 30_000 });
}

/** The phone link in the completion card: what it shows and where it dials. */
async function donePhone(page: Page): Promise<{ display: string; href: string }> {
  const link = page.locator('.quote-form__done a.cta-phone');
  return {
    display: (await link.locator('.cta-phone__number').textContent())?.trim() ?? '',
    href: (await link.getAttribute('href')) ?? '',
  };
}

/**
 * The auto funnel from the landing page to the finish, as a person types; resolves to the
 * finish's own get-phone reply (awaited by the caller).
 */
async function walkToFinish(page: Page, phone: string) {
  const origin = brandOrigin('ps');
  await page.goto(`${origin}/save-auto`);
  await hydrated(page, 'quote-form');
  await page.locator('input[name="zipcode"]').fill('60601');
  await continueTo(page, '/save-auto/vehicles');
  await pick(page, 'vehicle1Year', '2020');
  await pick(page, 'vehicle1Make', 'Honda');
  await pick(page, 'vehicle1Model', 'Civic');
  await continueTo(page, '/save-auto/insurance');
  for (const path of ['/save-auto/insurer', '/save-auto/home', '/save-auto/home-quote', '/save-auto/drivers'])
    await skipTo(page, path);
  await page.locator('input[name="driver1FirstName"]').pressSequentially('Grace', TYPING);
  await page.locator('input[name="driver1LastName"]').pressSequentially('Hopper', TYPING);
  await page.locator('input[name="driver1Dob"]').fill('12/09/1966');
  await continueTo(page, '/save-auto/driver-details');
  await page.getByRole('button', { name: 'Skip' }).click();
  await page.waitForURL((url) => url.pathname === '/save-auto/contact', { timeout: 30_000 });
  await page.locator('input[name="driver1Phone"]').pressSequentially(phone, TYPING);
  await page.locator('input[name="driver1Address"]').pressSequentially('1 Main St', TYPING);
  const phoneReply = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/mediaalpha/get-phone', {
    timeout: 30_000,
  });
  await page.getByRole('button', { name: /^(Send my request|Talk to a licensed agent)$/ }).click();
  await page.waitForSelector('.quote-form__done', { timeout: 30_000 });
  return phoneReply;
}

const replySchema = z.object({
  phone: z.object({ digits: z.string(), leased: z.boolean() }),
  source: z.string(),
});
const isPhoneAsk = (url: string) => new URL(url).pathname === '/api/mediaalpha/get-phone';

/**
 * The page's own asks for a number (get-phone): whether one is on its way or just answered (the
 * card updates a moment after its reply), and what each answered, for a failure message.
 */
function watchPhoneAsks(page: Page) {
  let pending = 0;
  let quietFrom = Date.now();
  const sources: string[] = [];
  page.on('request', (r) => {
    if (isPhoneAsk(r.url())) pending += 1;
  });
  const settled = (r: { url(): string }) => {
    if (!isPhoneAsk(r.url())) return;
    pending -= 1;
    quietFrom = Date.now();
  };
  page.on('requestfinished', settled);
  page.on('requestfailed', settled);
  page.on('response', (r) => {
    if (!isPhoneAsk(r.url())) return;
    r.json().then(
      (body: unknown) => sources.push(replySchema.safeParse(body).data?.source ?? 'unexpected'),
      () => sources.push('unread'),
    );
  });
  return {
    sources,
    /** A reply is awaited, or came less than a second ago (or the page hydrated that recently). */
    busy: () => pending > 0 || Date.now() - quietFrom < 1000,
    /** The page was loaded again and hydrated: its ask, if it makes one, comes right after. */
    loaded: () => {
      quietFrom = Date.now();
    },
  };
}

/** The sandbox's MediaAlpha behaviour for calls carrying this visitor's ip only. */
const setPartner = (ip: string, behaviour: 'error' | 'normal') => setSandboxBehaviour('mediaalpha', behaviour, ip);

describe('phone lease in Chromium', () => {
  // Seven steps since the driver step was split: more than the default minute on a loaded machine.
  it('finishes the auto funnel and shows the leased number with a working tel link', { timeout: 120_000 }, async () => {
    const ua = taggedUserAgent(browser);
    const { context, page, errors } = await newVisitor(browser, { userAgent: ua });
    const finishReply = await walkToFinish(page, DRIVER_PHONE);

    // The card switches to the number get-phone answers. The Worker answers by 1 s whatever the
    // partner does; on a loaded machine that can be the default number. The partner's number is
    // then stored a moment later, or (the call failed or outlasted its timeout) the finish asks
    // again when it is loaded again, as the visitor's next page would: so the page is loaded
    // again until it shows a lease, reading the page's own ask for a number before each reload.
    const reply = replySchema.parse(await finishReply.json());
    const leasedAtOnce = reply.phone.leased && LEASED.test(reply.phone.digits);
    const asks = watchPhoneAsks(page);
    let shown = await donePhone(page);
    await expect
      .poll(async () => {
        shown = await donePhone(page);
        if (LEASED.test(shown.display.replace(/\D/g, ''))) return true;
        if (asks.busy()) return false;
        await page.reload();
        await hydrated(page, 'quote-form');
        asks.loaded();
        return false;
      }, WAIT)
      .toBe(true)
      .catch(async (error: unknown) => {
        const calls = await sandboxCallsOf(ua, 'mediaalpha', '/get-phone');
        throw new Error(
          `no leased number: the finish's reply ${JSON.stringify(reply)}, later replies ${asks.sources.join(',')}, partner calls ${calls.length}`,
          { cause: error },
        );
      });
    if (leasedAtOnce) expect(shown.display.replace(/\D/g, '')).toBe(reply.phone.digits);
    const digits = shown.display.replace(/\D/g, '');
    expect(digits).not.toBe(ps.defaultPhone);
    expect(shown.display).toBe(formatPhone(digits));
    expect(shown.display).toMatch(/^1-833-555-\d{4}$/);
    expect(shown.href).toBe(`tel:+${digits}`);

    // The partner was asked for this visitor's lease, with the zip the visitor entered.
    const leases = await sandboxCallsOf(ua, 'mediaalpha', '/get-phone');
    expect(leases.length).toBeGreaterThan(0);
    expect(
      leases.some(
        (call) =>
          z
            .object({ data: z.object({ zip: z.literal('60601') }).loose() })
            .loose()
            .safeParse(call.body).success,
      ),
    ).toBe(true);

    // Dialling: the link is a real anchor; the click is recorded as ctcClicked (the tel
    // navigation itself is cancelled here, a headless browser has no dialler).
    await page.evaluate(() => document.addEventListener('click', (event) => event.preventDefault()));
    await page.locator('.quote-form__done a.cta-phone').click();
    const id = await visitorIdOf(context);
    await expect.poll(() => storedEventsOf(id).some((e) => e.event === 'ctcClicked'), WAIT).toBe(true);
    const ctc = storedEventsOf(id).find((e) => e.event === 'ctcClicked');
    expect(JSON.parse(ctc?.properties ?? '{}')).toMatchObject({ href: 'tel' });

    // The lead was written with the page's quote token, checked against this visitor and ip.
    const leads = queryD1(
      `SELECT form, quote_token_valid, quote_token_check FROM leads WHERE visitor_id = '${id}'`,
      z.object({
        form: z.string(),
        quote_token_valid: z.number().nullable(),
        quote_token_check: z.string().nullable(),
      }),
    );
    expect(leads).toEqual([{ form: 'auto', quote_token_valid: 1, quote_token_check: 'valid' }]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('asks for a number again when a finish whose lease failed is loaded again', { timeout: 120_000 }, async () => {
    const ua = taggedUserAgent(browser);
    const { context, page, errors, ip } = await newVisitor(browser, { userAgent: ua });
    // The partner fails this visitor's lease call at the last step (503): nothing is stored.
    await setPartner(ip, 'error');
    const finishReply = replySchema.parse(await (await walkToFinish(page, SECOND_DRIVER_PHONE)).json());
    expect(finishReply).toMatchObject({ phone: { digits: ps.defaultPhone, leased: false }, source: 'fallback' });
    await expect.poll(async () => (await donePhone(page)).href, WAIT).toBe(`tel:+${ps.defaultPhone}`);

    // The partner answers again; the visitor loads the finish again (a reload, the tab restored).
    await setPartner(ip, 'normal');
    const ask = page.waitForResponse((r) => isPhoneAsk(r.url()), { timeout: 30_000 });
    await page.reload();
    const reply = replySchema.parse(await (await ask).json());
    expect(reply.source).toBe('partner');
    expect(reply.phone.leased).toBe(true);
    expect(reply.phone.digits).toMatch(LEASED);
    await expect.poll(async () => (await donePhone(page)).href, WAIT).toBe(`tel:+${reply.phone.digits}`);
    // Every call button shows it, the header's and the call bar's too.
    await expect
      .poll(() => page.locator('a.cta-phone').evaluateAll((links) => links.map((a) => a.getAttribute('href'))), WAIT)
      .toEqual(expect.arrayContaining([`tel:+${reply.phone.digits}`]));
    expect(
      await page.locator('a.cta-phone').evaluateAll((links) => links.map((a) => a.getAttribute('href'))),
    ).not.toContain(`tel:+${ps.defaultPhone}`);

    // The lease is stored: the server itself renders it on the next load, before any script runs.
    const html = await page.evaluate(() => fetch(location.href).then((r) => r.text()));
    expect(html).toContain(`href="tel:+${reply.phone.digits}"`);
    expect((await sandboxCallsOf(ua, 'mediaalpha', '/get-phone')).length).toBe(2);

    // A finish that shows a live number asks for none when loaded again.
    const asked: string[] = [];
    page.on('request', (r) => {
      if (isPhoneAsk(r.url())) asked.push(r.url());
    });
    await page.reload();
    await hydrated(page, 'quote-form');
    await page.waitForLoadState('networkidle', { timeout: 30_000 });
    expect(asked).toEqual([]);
    expect((await donePhone(page)).href).toBe(`tel:+${reply.phone.digits}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('clicks page in Chromium', () => {
  it('lists the sandbox offers with logo alt text and safe links, fires pixels, and records adsLoaded and the click', async () => {
    const ua = taggedUserAgent(browser);
    const { context, page, errors } = await newVisitor(browser, { userAgent: ua });
    const openBefore = isWorkingHours(new Date(), null);
    await page.goto(`${brandOrigin('ps')}/clicks-auto`);
    await hydrated(page, 'ad-listing');
    const items = page.locator('.ad-listing__item');
    await expect.poll(() => page.locator('.ad-listing').getAttribute('aria-busy'), WAIT).toBe('false');
    const open = isWorkingHours(new Date(), null);

    // The sandbox's auto listing has three auto offers (one a call offer, shown only while agents
    // answer) and one Medicare offer, which an auto page never shows.
    const count = await items.count();
    expect(openBefore === open ? [open ? 3 : 2] : [2, 3]).toContain(count);
    const refs = await items.evaluateAll((els) => els.map((el) => el.getAttribute('data-ad-ref')));
    expect(refs.every((ref) => ref !== null && /^sbx-auto-\d$/.test(ref))).toBe(true);

    for (let i = 0; i < count; i++) {
      const item = items.nth(i);
      const headline = (await item.locator('.ad-listing__headline').textContent())?.trim() ?? '';
      expect(headline.length).toBeGreaterThan(0);
      const logo = item.locator('img.ad-listing__logo');
      expect(await logo.getAttribute('alt')).toBe(`Insurer logo: ${headline}`);
      expect(await logo.getAttribute('src')).toMatch(
        new RegExp(`^${sandboxOrigin()}/mediaalpha/logo/sbx-auto-\\d\\.svg$`),
      );
      const action = item.locator('a.ad-listing__action');
      const href = (await action.getAttribute('href')) ?? '';
      if (href.startsWith('tel:')) {
        expect(href).toMatch(/^tel:\+1833555\d{4}$/);
      } else {
        // With the visit's ref for the partner's click payout (src/worker/revenue/click-ref.ts).
        expect(href).toMatch(
          new RegExp(`^${sandboxOrigin()}/mediaalpha/click\\?ref=sbx-auto-\\d&qf_ref=r[0-9a-f]{31}$`),
        );
        expect(await action.getAttribute('target')).toBe('_blank');
        expect((await action.getAttribute('rel'))?.split(' ')).toEqual(
          expect.arrayContaining(['noopener', 'noreferrer', 'sponsored']),
        );
      }
    }
    // Every logo actually loaded.
    await expect
      .poll(
        () =>
          page
            .locator('img.ad-listing__logo')
            .evaluateAll((imgs) =>
              imgs.every((img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0),
            ),
        WAIT,
      )
      .toBe(true);

    // Impression pixels reached the partner, once per listed offer.
    await expect.poll(async () => (await sandboxCallsOf(ua, 'mediaalpha', '/pixel')).length, WAIT).toBe(count);

    // A click offer opens the partner in a new tab without access back to the page.
    const first = items.filter({ has: page.locator('a[target="_blank"]') }).first();
    const ref = await first.getAttribute('data-ad-ref');
    const [popup] = await Promise.all([
      context.waitForEvent('page', { timeout: 30_000 }),
      first.locator('a.ad-listing__action').click(),
    ]);
    await popup.waitForLoadState('load', { timeout: 30_000 });
    // The partner's click URL with the visit's ref, which the partner's click payout names (src/worker/revenue/).
    const opened = new URL(popup.url());
    expect(`${opened.origin}${opened.pathname}`).toBe(`${sandboxOrigin()}/mediaalpha/click`);
    expect(opened.searchParams.get('ref')).toBe(ref);
    expect(opened.searchParams.get('qf_ref')).toMatch(/^r[0-9a-f]{31}$/);
    expect((await sandboxCallsOf(ua, 'mediaalpha', '/click')).map((call) => call.body)).toEqual([{ ref, ua }]);
    expect(await popup.evaluate(() => window.opener === null)).toBe(true);

    const id = await visitorIdOf(context);
    await expect
      .poll(
        () =>
          ['adsLoaded', 'adClicked', 'maAdClicked'].every((name) => storedEventsOf(id).some((e) => e.event === name)),
        WAIT,
      )
      .toBe(true);
    const events = storedEventsOf(id);
    const loaded: unknown = JSON.parse(events.find((e) => e.event === 'adsLoaded')?.properties ?? '{}');
    expect(loaded).toMatchObject({ count, product: 'auto' });
    expect(events.find((e) => e.event === 'adsLoaded')?.page).toBe('clicks-auto');
    for (const name of ['adClicked', 'maAdClicked']) {
      expect(JSON.parse(events.find((e) => e.event === name)?.properties ?? '{}')).toMatchObject({
        ref,
        type: 'click',
        position: 1,
      });
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});

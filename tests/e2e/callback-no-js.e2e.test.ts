import type { BrowserContext, Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BRANDS } from '../../brands';
import { brandOrigin, launchBrowser, newVisitor, sandboxOrigin } from './support/browser';
import { queryD1, visitorIdOf } from './support/d1';

/**
 * The call-back request with JavaScript off, in Chromium. Agents away (the Worker's clock pinned
 * to a Sunday evening, the visitor in New York): the contact step posted valid is answered with
 * the call-back screen (times in the visitor's zone, no lead yet); the chosen time is stored
 * with the lead (the D1 row), and the finish tells the truth about it (without JavaScript the
 * lead is kept, not shared, under this environment's operator policy: no call is promised).
 * "Send without a call-back time" records the lead without one. A time that passed, or one not offered
 * (the page altered), is refused with a message on the screen (400), and no lead is recorded;
 * "Back to my details" shows the answers again.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const WAIT = { timeout: 30_000 };
/** Sunday 7:00 PM Pacific: agents away until Monday 5:00 AM Pacific (8:00 AM in New York). */
const SUNDAY_19_PT = '2025-06-16T02:00:00.000Z';
const AWAY = { 'x-dev-clock': SUNDAY_19_PT, 'x-dev-time-zone': 'America/New_York' };
const CONTACT = '/get-yours-otc/contact';
/** Typed at a person's pace, so the lead defence does not judge the walk a script. */
const TYPING = { delay: 60 };

/** This file's own phones: one person makes one delivered lead per product, so no two tests share one. */
function ownPhone(): string {
  return `3055558${String(100 + Math.floor(Math.random() * 900))}`;
}

const leadRow = z.object({
  id: z.string(),
  v: z.string(),
  delivery: z.string().nullable(),
  reasons: z.string().nullable(),
});

function leadsOf(anonymousId: string) {
  return queryD1(
    `SELECT id, "values" AS v, delivery, trust_reasons AS reasons FROM leads WHERE visitor_id = '${z.uuid().parse(anonymousId)}'`,
    leadRow,
  ).map((row) => ({
    ...row,
    callbackAt: (JSON.parse(row.v) as { callbackAt?: string | null }).callbackAt ?? null,
    trustReasons: JSON.parse(row.reasons ?? '[]') as string[],
  }));
}

/** Without JavaScript: press a button and wait for the page its post answers with. */
async function press(page: Page, name: string | RegExp): Promise<number> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && r.request().isNavigationRequest(), WAIT),
    page.getByRole('button', { name }).click(),
  ]);
  await page.waitForLoadState('load');
  return response.status();
}

/** Zip, two skips and a name, then the contact step with the phone typed and one company ticked. */
async function walkToContact(page: Page, phone: string) {
  await page.goto(`${brandOrigin('bh')}/get-yours-otc`);
  await page.locator('input[name="zipcode"]').fill('33101');
  await press(page, /^Continue$/);
  await press(page, /^Skip$/);
  await press(page, /^Skip$/);
  await page.locator('input[name="firstName"]').pressSequentially('Ada', TYPING);
  await page.locator('input[name="lastName"]').pressSequentially('Lovelace', TYPING);
  await press(page, /^Continue$/);
  expect(new URL(page.url()).pathname).toBe(CONTACT);
  await page.locator('input[name="phone"]').pressSequentially(phone, TYPING);
  const company = BRANDS.find((b) => b.id === 'bh')?.consent.medicare?.sellers[0]?.name ?? '';
  await page.getByLabel(company).check();
}

async function visitor(): Promise<{ context: BrowserContext; page: Page; ip: string }> {
  return newVisitor(browser, { javaScriptEnabled: false, headers: AWAY });
}

const screen = (page: Page) => page.locator('[data-callback-screen]');

describe('the call-back request without JavaScript', () => {
  it('agents away: the screen offers times in the visitor zone, and the lead recorded carries the one chosen', async () => {
    const { context, page, ip } = await visitor();
    await walkToContact(page, ownPhone());
    expect(await press(page, /^(Send my request|Talk to a licensed agent)$/)).toBe(200);

    // The call-back screen, at the contact step's address; the lead waits for the choice.
    await screen(page).waitFor(WAIT);
    expect(new URL(page.url()).pathname).toBe(CONTACT);
    expect(await screen(page).locator('h2').textContent()).toBe('Our agents are away right now');
    const options = await screen(page).locator('option').allTextContents();
    // From the next opening, Monday 5:00 AM Pacific, every half hour, written in New York's time.
    expect(options.slice(0, 3)).toEqual([
      'Mon, Jun 16, 8:00 AM ET',
      'Mon, Jun 16, 8:30 AM ET',
      'Mon, Jun 16, 9:00 AM ET',
    ]);
    expect(options).toHaveLength(12);
    for (const name of ['Ask for this time', 'Send without a call-back time'])
      expect(await screen(page).getByRole('button', { name }).count()).toBe(1);
    expect(
      await screen(page)
        .getByRole('link', { name: /Back to my details/ })
        .getAttribute('href'),
    ).toBe(CONTACT);
    const id = await visitorIdOf(context);
    expect(leadsOf(id)).toEqual([]);

    await screen(page).locator('select').selectOption({ label: 'Mon, Jun 16, 8:30 AM ET' });
    // Sent: the post is answered with a redirect to the finish (a reload never posts again).
    expect(await press(page, 'Ask for this time')).toBe(303);
    const done = page.locator('[data-confirmation]');
    await done.waitFor(WAIT);
    // Reloading the finish sends nothing again.
    await page.reload();
    await done.waitFor(WAIT);

    // One lead, carrying the time (8:30 AM Eastern is 12:30 UTC).
    const leads = leadsOf(id);
    expect(leads.map((l) => l.callbackAt)).toEqual(['2025-06-16T12:30:00.000Z']);
    // Without JavaScript there is no Turnstile token: the lead is judged `turnstile-unverified`,
    // which this environment's operator does not allow (DELIVER_SUSPECT_REASONS), so it is kept,
    // not sent. The finish then says so, and promises no call at that time; nothing reached a
    // company. (A lead that is shared names the time: tests/hours/callback-no-js.integration.test.ts.)
    expect(leads[0]?.delivery).toBe('withheld');
    // (A quick walk may also be judged `fast`: how quick depends on the machine, not on this.)
    expect(leads[0]?.trustReasons).toContain('turnstile-unverified');
    expect(await done.getAttribute('data-shared')).toBe('no');
    expect(await done.locator('[data-callback-at]').count()).toBe(0);
    const reply = await fetch(`${sandboxOrigin()}/__sandbox/calls?partner=sellers`);
    const { calls } = z
      .object({ calls: z.array(z.object({ scope: z.string().nullable() })) })
      .parse(await reply.json());
    expect(calls.filter((call) => call.scope === ip)).toEqual([]);
    await context.close();
  });

  it('"Send without a call-back time" records the lead with no time', async () => {
    const { context, page } = await visitor();
    await walkToContact(page, ownPhone());
    await press(page, /^(Send my request|Talk to a licensed agent)$/);
    await screen(page).waitFor(WAIT);
    expect(await press(page, 'Send without a call-back time')).toBe(303);
    const done = page.locator('[data-confirmation]');
    await done.waitFor(WAIT);
    expect(await done.locator('[data-callback-at]').count()).toBe(0);
    const leads = leadsOf(await visitorIdOf(context));
    expect(leads).toHaveLength(1);
    expect(leads[0]?.callbackAt).toBeNull();
    await context.close();
  });

  it('a time that passed, or one the screen did not offer, is refused with a message; no lead, and the answers stay', async () => {
    const { context, page } = await visitor();
    const phone = ownPhone();
    await walkToContact(page, phone);
    await press(page, /^(Send my request|Talk to a licensed agent)$/);
    await screen(page).waitFor(WAIT);
    // The page altered: its first time replaced by one the screen never offered (8:10 AM Eastern).
    await screen(page)
      .locator('option')
      .first()
      .evaluate((option: HTMLOptionElement) => {
        option.value = '2025-06-16T12:10:00.000Z';
      });
    await screen(page).locator('select').selectOption({ label: 'Mon, Jun 16, 8:00 AM ET' });
    expect(await press(page, 'Ask for this time')).toBe(400);
    expect(await screen(page).getByRole('alert').textContent()).toBe('Please choose a time from the list.');
    const id = await visitorIdOf(context);
    expect(leadsOf(id)).toEqual([]);

    // The Worker's clock moves on to Monday 6:00 AM Pacific: the first time offered (9:00 ET, 6:00 PT) is now too soon, and 8:00 ET has passed.
    await context.setExtraHTTPHeaders({ ...AWAY, 'x-dev-clock': '2025-06-16T13:00:00.000Z' });
    await screen(page).locator('select').selectOption({ index: 0 });
    const first = await screen(page).locator('select').inputValue();
    expect(first).toBe('2025-06-16T12:00:00.000Z');
    expect(await press(page, 'Ask for this time')).toBe(400);
    expect(await screen(page).getByRole('alert').textContent()).toBe(
      'That time has already passed. Please choose a time from the list.',
    );
    // Asked again from the Worker's new now: the list starts at 6:30 AM Pacific.
    expect((await screen(page).locator('option').allTextContents())[0]).toBe('Mon, Jun 16, 9:30 AM ET');
    expect(leadsOf(id)).toEqual([]);

    // Back to the details: the phone typed is there again.
    await screen(page)
      .getByRole('link', { name: /Back to my details/ })
      .click();
    await page.waitForURL((url) => url.pathname === CONTACT, WAIT);
    await page.locator('input[name="phone"]').waitFor(WAIT);
    expect((await page.locator('input[name="phone"]').inputValue()).replace(/\D/g, '')).toBe(phone);
    expect(await page.locator('input[name="firstName"]').count()).toBe(0);
    expect(leadsOf(id)).toEqual([]);
    await context.close();
  });

  it('a page whose script had not run when the step was sent: the island hydrates over the screen, which still works', async () => {
    // Walked without JavaScript to the contact step, then the same visitor (cookies) with it on.
    const { context, page, ip } = await visitor();
    await walkToContact(page, ownPhone());
    const cookies = await context.cookies();
    const scripted = await newVisitor(browser, { ip, headers: AWAY });
    await scripted.context.addCookies(cookies);
    const js = scripted.page;
    await js.goto(`${brandOrigin('bh')}${CONTACT}`);
    await js.waitForSelector('[data-island="quote-form"][data-hydrated]', { state: 'attached', ...WAIT });
    await js.locator('input[name="phone"]').fill(ownPhone());
    const company = BRANDS.find((b) => b.id === 'bh')?.consent.medicare?.sellers[0]?.name ?? '';
    await js.getByLabel(company).check();
    // A plain post, as a tap sends it before the island's script has run (the island's own
    // submit handler is not involved: form.submit() fires no submit event).
    await Promise.all([
      js.waitForResponse((r) => r.request().method() === 'POST' && r.request().isNavigationRequest(), WAIT),
      js.locator('.quote-form form').evaluate((form) => (form as HTMLFormElement).submit()),
    ]);
    await js.waitForLoadState('load');
    await screen(js).waitFor(WAIT);
    await js.waitForSelector('[data-island="quote-form"][data-hydrated]', { state: 'attached', ...WAIT });
    expect(await screen(js).locator('h2').textContent()).toBe('Our agents are away right now');
    // Hydrated over the server's screen: no mismatch, nothing failed.
    expect(scripted.errors).toEqual([]);
    await Promise.all([
      js.waitForResponse((r) => r.request().method() === 'POST' && r.request().isNavigationRequest(), WAIT),
      screen(js).getByRole('button', { name: 'Ask for this time' }).click(),
    ]);
    await js.waitForLoadState('load');
    await js.locator('[data-confirmation]').waitFor(WAIT);
    const id = await visitorIdOf(scripted.context);
    await expect.poll(() => leadsOf(id).length, WAIT).toBe(1);
    await scripted.context.close();
    await context.close();
  });
});

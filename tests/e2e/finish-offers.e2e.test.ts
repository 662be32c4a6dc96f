import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { autoStepPosts } from '../support/auto-lead';
import { brandOrigin, launchBrowser, newVisitor, sandboxOrigin } from './support/browser';
import { setSandboxBehaviour } from './support/sandbox';
import { storedEventsOf, visitorIdOf } from './support/d1';

/** This file's own phone: one person makes one delivered lead per product, so files never share one. */
const DRIVER_PHONE = `3125553${String(100 + Math.floor(Math.random() * 900))}`;

/**
 * Item 3 in Chromium: an auto visitor finishing the last step in the page sees the
 * offers for their lead from the sandbox in the confirmation (disclosure first, each with the
 * partner's click URL, auto offers only), the call button beside them; a click on an offer
 * records adClicked and maAdClicked in D1; a reload asks the partner no second time. With no
 * offer, the confirmation says what happens next and promises no quotes.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const WAIT = { timeout: 30_000 };
const TYPING = { delay: 100 };
const PERSON_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const BASE = '/save-auto';
async function person(): Promise<{ context: BrowserContext; page: Page; ip: string; errors: string[] }> {
  const visit = await newVisitor(browser, { userAgent: PERSON_UA });
  await visit.context.addInitScript(() =>
    Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false }),
  );
  return visit;
}

const setBehaviour = (ip: string, behaviour: string) => setSandboxBehaviour('mediaalpha', behaviour, ip);

/** The ads calls the sandbox recorded for this visitor's ip, with the ZIP code each one sent. */
async function adsCallZips(ip: string): Promise<(string | undefined)[]> {
  const reply = await fetch(
    `${sandboxOrigin()}/__sandbox/calls?${new URLSearchParams({ scope: ip, partner: 'mediaalpha' }).toString()}`,
  );
  const call = z.object({
    path: z.string(),
    body: z
      .object({ data: z.object({ zip: z.string() }) })
      .partial()
      .nullish(),
  });
  const { calls } = z.object({ calls: z.array(call) }).parse(await reply.json());
  return calls.filter((c) => c.path === '/ads').map((c) => c.body?.data?.zip);
}

async function adsCalls(ip: string): Promise<number> {
  return (await adsCallZips(ip)).length;
}

/**
 * The steps before the last are posted as the page's own forms (what the browser does
 * without JavaScript, with the visitor's cookies), whatever the steps are; the last step is
 * filled and sent in the page, with JavaScript, as a visitor does.
 */
async function finishAuto(page: Page): Promise<void> {
  const origin = brandOrigin('ps');
  const posts = autoStepPosts(BASE);
  const last = posts.pop();
  if (!last) throw new Error('the auto form has steps');
  // From the page itself (same origin, the visitor's cookies): Node cannot resolve *.localhost.
  await page.goto(`${origin}${BASE}`);
  const statuses = await page.evaluate(async (list) => {
    const out: string[] = [];
    for (const { path, form } of list) {
      const html = await (await fetch(path)).text();
      const submissionId = /name="submissionId" value="([0-9a-f-]{36})"/.exec(html)?.[1] ?? '';
      const res = await fetch(path, {
        method: 'POST',
        body: new URLSearchParams({ ...form, submissionId }),
        redirect: 'manual',
      });
      out.push(res.type === 'opaqueredirect' ? 'redirect' : String(res.status));
    }
    return out;
  }, posts);
  expect(statuses).toEqual(posts.map(() => 'redirect'));
  await page.goto(`${origin}${last.path}`);
  await page.waitForSelector('[data-island="quote-form"][data-hydrated]', { state: 'attached', ...WAIT });
  await page.locator('input[name="driver1Phone"]').pressSequentially(DRIVER_PHONE, TYPING);
  const address = page.locator('input[name="driver1Address"]');
  if ((await address.count()) > 0) await address.pressSequentially('1 Main St', TYPING);
  await page.locator('#quote form .form-actions button[type="submit"]:not([name])').click();
  await page.locator('[data-confirmation]').waitFor(WAIT);
}

describe('the auto finish shows offers', () => {
  it(
    'lists the sandbox offers for the lead with partner click URLs; a click records maAdClicked in D1',
    { timeout: 120_000 },
    async () => {
      const { context, page, ip, errors } = await person();
      await finishAuto(page);
      const wall = page.locator('[data-confirmation] .ad-listing');
      await expect.poll(() => wall.getAttribute('aria-busy'), WAIT).toBe('false');
      expect(await wall.getByRole('heading', { name: 'Insurers offering quotes in your ZIP code' }).count()).toBe(1);
      const items = wall.locator('.ad-listing__item');
      expect(await items.count()).toBeGreaterThanOrEqual(2);
      const refs = await items.evaluateAll((els) => els.map((el) => el.getAttribute('data-ad-ref') ?? ''));
      expect(refs.every((ref) => /^sbx-auto-[12]$/.test(ref))).toBe(true);
      // Disclosure before the offers.
      const order = await wall.evaluate((el) => {
        const disclosure = el.querySelector('.ad-listing__disclosure');
        const list = el.querySelector('.ad-listing__list');
        return disclosure && list ? disclosure.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING : 0;
      });
      expect(order).toBeGreaterThan(0);
      const click = wall.locator('a.ad-listing__action[target="_blank"]').first();
      const href = (await click.getAttribute('href')) ?? '';
      expect(href).toMatch(new RegExp(`^${sandboxOrigin()}/mediaalpha/click\\?ref=sbx-auto-\\d&qf_ref=r[0-9a-f]{31}$`));
      // The call button stands beside the offers, with TTY 711.
      const call = page.locator('[data-confirmation] .call-cta').filter({ has: page.locator('a.cta-phone') });
      expect(await call.locator('a[href^="tel:+1"]').count()).toBe(1);
      expect(await call.locator('.call-hours__tty').textContent()).toBe('TTY 711');

      const ref = new URL(href).searchParams.get('ref') ?? '';
      const [popup] = await Promise.all([context.waitForEvent('page'), click.click()]);
      await popup.close();
      const visitorId = await visitorIdOf(context);
      await expect
        .poll(() => storedEventsOf(visitorId).map((e) => e.event), WAIT)
        .toEqual(expect.arrayContaining(['adsLoaded', 'adClicked', 'maAdClicked']));
      const clicked = storedEventsOf(visitorId).find((e) => e.event === 'maAdClicked');
      expect(JSON.parse(clicked?.properties ?? '{}')).toMatchObject({ ref, type: 'click' });

      // One partner call for the lead: a reload shows the same offers from the visitor's store.
      expect(await adsCalls(ip)).toBe(1);
      await page.reload();
      await expect.poll(() => wall.locator('.ad-listing__item').count(), WAIT).toBe(refs.length);
      expect(await adsCalls(ip)).toBe(1);
      // The server-rendered wall hydrates once its own chunk arrives (it is loaded on demand):
      // it records adsLoaded again, and a click on it is tracked.
      const countOf = (event: string) => storedEventsOf(visitorId).filter((e) => e.event === event).length;
      await expect.poll(() => countOf('adsLoaded'), WAIT).toBe(2);
      const [again] = await Promise.all([context.waitForEvent('page'), click.click()]);
      await again.close();
      await expect.poll(() => countOf('maAdClicked'), WAIT).toBe(2);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it(
    "reloads once when the wall's chunk is gone (a new deployment), and the server's page shows the offers",
    { timeout: 120_000 },
    async () => {
      const { context, page } = await person();
      // The wall is a chunk of its own, fetched only when the finish shows it: block it.
      let asked = 0;
      await page.route(/\/build\/chunks\/ad-listing-[^/]+\.js$/, (route) => {
        asked += 1;
        return route.abort();
      });
      await finishAuto(page);
      await expect
        .poll(
          () =>
            page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).type),
          WAIT,
        )
        .toBe('reload');
      const wall = page.locator('[data-confirmation] .ad-listing');
      await expect.poll(() => wall.locator('.ad-listing__item').count(), WAIT).toBeGreaterThanOrEqual(2);
      await page.evaluate(() => document.documentElement.setAttribute('data-test-reloaded', ''));
      // Asked again after the reload (still blocked): the guard allows no second reload, and
      // the server's offers stay on the page, with their partner links.
      await expect.poll(() => asked, WAIT).toBe(2);
      await page.waitForLoadState('networkidle');
      expect(await page.locator('html[data-test-reloaded]').count()).toBe(1);
      expect(await wall.locator('.ad-listing__item').count()).toBeGreaterThanOrEqual(2);
      expect(await wall.locator('a.ad-listing__action[target="_blank"]').first().getAttribute('href')).toMatch(
        new RegExp(`^${sandboxOrigin()}/mediaalpha/click\\?ref=sbx-auto-\\d&qf_ref=r[0-9a-f]{31}$`),
      );
      await context.close();
    },
  );

  it(
    "after the server's offers, editing the answers and finishing again shows the new lead's offers",
    { timeout: 120_000 },
    async () => {
      const { context, page, ip } = await person();
      await finishAuto(page);
      const wall = page.locator('[data-confirmation] .ad-listing');
      await expect.poll(() => wall.getAttribute('aria-busy'), WAIT).toBe('false');
      // The reload's confirmation carries the offers the server rendered for this lead.
      await page.reload();
      await page.waitForSelector('[data-island="quote-form"][data-hydrated]', { state: 'attached', ...WAIT });
      const first = await adsCallZips(ip);
      expect(first).toHaveLength(1);
      // Another ZIP code of the shipped data than the lead's.
      const moved = first[0] === '33101' ? '60601' : '33101';
      await page.locator('[data-confirmation] a.btn--ghost').first().click();
      const zip = page.locator('input[name="zipcode"]');
      await zip.waitFor(WAIT);
      await zip.fill('');
      await zip.pressSequentially(moved, TYPING);
      const next = page.locator('#quote form .form-actions button[type="submit"]:not([name])');
      // On a one-tap step the chosen tile is the move (Continue is not shown with the island running).
      const chosenTile = page.locator('#quote form .choices.tiles label:has(input:checked)');
      // The form's answer to a step past the rate limit (src/shared/forms/messages.ts).
      const limited = page.locator('#quote form [role="alert"]', { hasText: 'Too many requests from this connection' });
      // Every other answer is kept: each step goes on as it is, to the confirmation. A step moves
      // to another path; the last one keeps its path (the finish only drops the edit query, before
      // the confirmation's own chunk has arrived), so only the confirmation ends the wait there:
      // a URL change alone would send the next click to a form that is about to go.
      const pathOf = () => new URL(page.url()).pathname;
      const confirmed = async () => (await page.locator('[data-confirmation]').count()) > 0;
      for (let i = 0; i < 12 && !(await confirmed()); i += 1) {
        const at = pathOf();
        // The step of this address is on screen (the address changes before its step shows).
        await page.waitForFunction(
          (want) =>
            document.querySelector('[data-confirmation]') !== null ||
            [...document.querySelectorAll('#quote form.card')].some(
              (form) => new URL((form as HTMLFormElement).action).pathname === want,
            ),
          at,
          WAIT,
        );
        if (await confirmed()) break;
        const tile = (await chosenTile.count()) > 0;
        const send = () => (tile ? chosenTile.first().click() : next.click());
        await send();
        // This walk sends its steps faster than a person does (the finish before it posted every step at
        // once), so it may pass the step budget (15 in 10 s a connection). The form then says so and keeps
        // the answers; like a person, the walk sends the step again a moment later.
        let sentAt = Date.now();
        await expect
          .poll(async () => {
            if ((await confirmed()) || pathOf() !== at) return true;
            if ((await limited.count()) > 0 && Date.now() - sentAt >= 2_000) {
              sentAt = Date.now();
              await send();
            }
            return false;
          }, WAIT)
          .toBe(true);
      }
      await expect.poll(() => wall.getAttribute('aria-busy'), WAIT).toBe('false');
      // A new lead: the island asked again, and the partner was asked for the new ZIP code.
      await expect.poll(() => adsCallZips(ip), WAIT).toEqual([...first, moved]);
      expect(await wall.locator('.ad-listing__item').count()).toBeGreaterThanOrEqual(2);
      await context.close();
    },
  );

  it('says what happens next, and promises no quotes, when no insurer has an offer', { timeout: 120_000 }, async () => {
    const { context, page, ip } = await person();
    await setBehaviour(ip, 'no-ads');
    await finishAuto(page);
    const wall = page.locator('[data-confirmation] .ad-listing');
    await expect.poll(() => wall.getAttribute('aria-busy'), WAIT).toBe('false');
    expect(await wall.locator('[role="status"]').textContent()).toContain(
      'No insurer has an online offer for your answers right now',
    );
    expect(await wall.locator('.ad-listing__item').count()).toBe(0);
    const text = (await page.locator('[data-confirmation]').textContent()) ?? '';
    expect(text).not.toMatch(/with quotes|send your quotes/i);
    expect(await adsCalls(ip)).toBe(1);
    await context.close();
  });
});

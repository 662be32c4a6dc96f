import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { brandOrigin, launchBrowser, sandboxOrigin } from './support/browser';
import { setSandboxBehaviour } from './support/sandbox';
import { storedEventsOf } from './support/d1';

/**
 * The spec's calls as a visitor makes them in Chromium, with every request the
 * page makes and every request the partner sandbox receives recorded: the demand check on a
 * demandCheck page (and lowBidResult for a low bid), the ip check once per session with its
 * result in later events, a location lookup when a zip is typed and the place on the next
 * step, learn-more and the other click events, and a listing page without JavaScript.
 *
 * Each visitor sends its own loopback client ip (CF-Connecting-IP, kept by wrangler dev), so
 * the sandbox behaviours it sets and the partner calls it counts are its own scope.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const WAIT = { timeout: 30_000, interval: 300 };

function loopbackIp(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(3));
  return `127.${bytes[0] ?? 0}.${bytes[1] ?? 0}.${2 + ((bytes[2] ?? 0) % 253)}`;
}

const callSchema = z.object({ partner: z.string(), path: z.string(), body: z.unknown(), scope: z.string().nullable() });

interface ScopedVisitor {
  context: BrowserContext;
  page: Page;
  ip: string;
  errors: string[];
  /** Every request the page made, as method and path with query. */
  requests: string[];
  /** The partner calls of this visitor's scope. */
  sandboxCalls(partner: string, path?: string): Promise<z.infer<typeof callSchema>[]>;
  setBehaviour(partner: string, behaviour: string): Promise<void>;
}

async function scopedVisitor(options: { javaScriptEnabled?: boolean } = {}): Promise<ScopedVisitor> {
  const ip = loopbackIp();
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    extraHTTPHeaders: { 'cf-connecting-ip': ip },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  const requests: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(String(err)));
  page.on('request', (request) => {
    const url = new URL(request.url());
    requests.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  return {
    context,
    page,
    ip,
    errors,
    requests,
    async sandboxCalls(partner, path) {
      const reply = await fetch(
        `${sandboxOrigin()}/__sandbox/calls?${new URLSearchParams({ scope: ip, partner }).toString()}`,
      );
      const calls = z.object({ calls: z.array(callSchema) }).parse(await reply.json()).calls;
      return path ? calls.filter((call) => call.path === path) : calls;
    },
    setBehaviour: (partner, behaviour) => setSandboxBehaviour(partner, behaviour, ip),
  };
}

/** The public anonymous id the page reports events under (its page context). */
async function anonymousIdOf(page: Page): Promise<string> {
  const json = await page.locator('#page-context').textContent();
  const parsed = z.object({ tracking: z.object({ anonymousId: z.uuid() }) }).parse(JSON.parse(json ?? 'null'));
  return parsed.tracking.anonymousId;
}

const count = (requests: string[], prefix: string) => requests.filter((r) => r.startsWith(prefix)).length;

async function hydrated(page: Page, island = 'quote-form') {
  await page.waitForSelector(`[data-island="${island}"][data-hydrated]`, { state: 'attached', timeout: 30_000 });
}

describe('demand check on entering a demandCheck page (spec 4, 7.1)', () => {
  it('sends one demand check per entry, reaches the partner once, and records lowBidResult for a low bid', async () => {
    const v = await scopedVisitor();
    await v.setBehaviour('mediaalpha', 'low-bid');
    await v.page.goto(`${brandOrigin('bh')}/get-yours-otc`);
    await expect.poll(() => count(v.requests, 'POST /api/mediaalpha/demand-check'), WAIT).toBe(1);
    await expect.poll(async () => (await v.sandboxCalls('mediaalpha', '/demand-check')).length, WAIT).toBe(1);
    const [call] = await v.sandboxCalls('mediaalpha', '/demand-check');
    expect(call?.body).toMatchObject({
      ip: v.ip,
      max: 1,
      call_type: 'Inbound',
      transfer_type: 'cold',
      version: 17,
      sub_1: expect.any(String),
      data: { zip: '33101', state: 'FL' },
    });
    expect(
      z
        .object({ source: z.array(z.string().nullable()).length(7) })
        .loose()
        .safeParse(call?.body).success,
    ).toBe(true);

    const id = await anonymousIdOf(v.page);
    await expect.poll(() => storedEventsOf(id).filter((e) => e.event === 'lowBidResult').length, WAIT).toBe(1);
    const low = storedEventsOf(id).find((e) => e.event === 'lowBidResult');
    expect(low?.page).toBe('get-yours-otc');
    expect(JSON.parse(low?.properties ?? '{}')).toMatchObject({ ev: expect.any(Number), threshold: 10 });
    expect((JSON.parse(low?.properties ?? '{}') as { ev?: number }).ev).toBeLessThan(10);

    // A reload is a new entry: the page asks again, the partner is not asked twice.
    const answered = v.page.waitForResponse((r) => new URL(r.url()).pathname === '/api/mediaalpha/demand-check', {
      timeout: 30_000,
    });
    await v.page.reload();
    expect(await (await answered).json()).toMatchObject({ cached: true, lowBid: true });
    expect(count(v.requests, 'POST /api/mediaalpha/demand-check')).toBe(2);
    expect(await v.sandboxCalls('mediaalpha', '/demand-check')).toHaveLength(1);

    // A page without the hook sends none.
    await v.page.goto(`${brandOrigin('bh')}/tos`);
    await v.page.waitForLoadState('load');
    expect(count(v.requests, 'POST /api/mediaalpha/demand-check')).toBe(2);
    expect(v.errors).toEqual([]);
    await v.context.close();
  });
});

describe('ip quality once per session (spec 7.6)', () => {
  it('checks once as the session starts and carries the result in later events', async () => {
    const v = await scopedVisitor();
    await v.page.goto(`${brandOrigin('bh')}/find-benefits`);
    await expect.poll(() => count(v.requests, 'POST /api/ipqs/check-ip'), WAIT).toBe(1);
    await expect.poll(async () => (await v.sandboxCalls('ipqs')).length, WAIT).toBe(1);
    expect((await v.sandboxCalls('ipqs'))[0]?.body).toMatchObject({ ip: v.ip });
    await expect.poll(() => v.page.evaluate(() => localStorage.getItem('qf_ipq') !== null), WAIT).toBe(true);

    // Later pages of the same session: no second check; their events carry the result.
    await v.page.goto(`${brandOrigin('bh')}/get-offers`);
    await v.page.waitForLoadState('load');
    await v.page.goto(`${brandOrigin('bh')}/senior-deals`);
    await v.page.waitForLoadState('load');
    const id = await anonymousIdOf(v.page);
    await expect.poll(() => storedEventsOf(id).filter((e) => e.event === 'pageView').length, WAIT).toBe(3);
    expect(count(v.requests, 'POST /api/ipqs/check-ip')).toBe(1);
    expect(await v.sandboxCalls('ipqs')).toHaveLength(1);
    const views = storedEventsOf(id).filter((e) => e.event === 'pageView');
    for (const view of views.slice(1)) {
      expect((JSON.parse(view.properties) as { ipQuality?: unknown }).ipQuality).toMatchObject({
        fraudScore: expect.any(Number),
        proxy: false,
        checkedAt: expect.any(String),
      });
    }
    expect(v.errors).toEqual([]);
    await v.context.close();
  });
});

describe('location of a typed zip (spec 5, 7.5)', () => {
  it('looks the zip up once when typed and shows the place on the next step', async () => {
    const v = await scopedVisitor();
    await v.page.goto(`${brandOrigin('bh')}/get-yours-otc`);
    await hydrated(v.page);
    expect(count(v.requests, 'GET /api/location')).toBe(0);
    await v.page.locator('input[name="zipcode"]').pressSequentially('60601', { delay: 40 });
    await expect.poll(() => count(v.requests, 'GET /api/location'), WAIT).toBe(1);
    expect(v.requests.filter((r) => r.startsWith('GET /api/location'))).toEqual(['GET /api/location?zip_code=60601']);
    await v.page.getByRole('button', { name: 'Continue' }).click();
    await v.page.waitForURL((url) => url.pathname === '/get-yours-otc/medicare', { timeout: 30_000 });
    await expect.poll(() => v.page.locator('.quote-form__place').textContent(), WAIT).toBe('Plans in Chicago, IL');
    // The next page load is rendered by the server from the stored location.
    await v.page.reload();
    await expect.poll(() => v.page.locator('.quote-form__place').textContent(), WAIT).toBe('Plans in Chicago, IL');
    expect(count(v.requests, 'GET /api/location')).toBe(1);
    expect(v.errors).toEqual([]);
    await v.context.close();
  });
});

describe('every tracked event has a producer (spec 7)', () => {
  it('records learnMoreClicked, elementClicked, ctcClicked, ctcReturned, botCheckCompleted and pageView in a walk', async () => {
    const v = await scopedVisitor();
    await v.page.goto(`${brandOrigin('bh')}/carriers`);
    await hydrated(v.page);
    const learnMore = v.page.locator('a[data-track="learn-more"]').first();
    await learnMore.click();
    // The call button: the dial is cancelled (no dialler headless), then the visitor comes back.
    await v.page.evaluate(() => document.addEventListener('click', (event) => event.preventDefault()));
    await v.page.locator('a.cta-phone').first().click();
    // Back from the call: the tab is visible again.
    await v.page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    const id = await anonymousIdOf(v.page);
    const wanted = ['learnMoreClicked', 'elementClicked', 'ctcClicked', 'ctcReturned', 'botCheckCompleted', 'pageView'];
    await expect
      .poll(() => wanted.filter((name) => !storedEventsOf(id).some((e) => e.event === name)), WAIT)
      .toEqual([]);
    const learn = storedEventsOf(id).find((e) => e.event === 'learnMoreClicked');
    expect(JSON.parse(learn?.properties ?? '{}')).toMatchObject({
      href: '/carriers',
      text: expect.stringMatching(/^Learn more about /),
    });
    expect(v.errors).toEqual([]);
    await v.context.close();
  });
});

describe('the other automatic events in a walk', () => {
  it('records enteredExperiment on an experiment page and anonLink when the browser remembers an older id', async () => {
    const v = await scopedVisitor();
    await v.page.goto(`${brandOrigin('bh')}/find-benefits`);
    const first = await anonymousIdOf(v.page);
    await expect.poll(() => storedEventsOf(first).filter((e) => e.event === 'enteredExperiment').length, WAIT).toBe(1);
    const entered: unknown = JSON.parse(
      storedEventsOf(first).find((e) => e.event === 'enteredExperiment')?.properties ?? '{}',
    );
    expect(entered).toMatchObject({
      experimentId: 'find-benefits-headline',
      variantId: expect.stringMatching(/^(control|zip-first)$/),
    });
    // The cookies go (cleared, expired) while local storage keeps the old id: the next page links it.
    await v.context.clearCookies();
    await v.page.goto(`${brandOrigin('bh')}/get-offers`);
    const second = await anonymousIdOf(v.page);
    expect(second).not.toBe(first);
    await expect.poll(() => storedEventsOf(second).filter((e) => e.event === 'anonLink').length, WAIT).toBe(1);
    expect(JSON.parse(storedEventsOf(second).find((e) => e.event === 'anonLink')?.properties ?? '{}')).toMatchObject({
      previousAnonymousId: first,
    });
    expect(v.errors).toEqual([]);
    await v.context.close();
  });

  it('hydrates the server-rendered listing without asking again, and records adsLoaded, adClicked and maAdClicked', async () => {
    const v = await scopedVisitor();
    await v.page.goto(`${brandOrigin('bh')}/ads`);
    await hydrated(v.page, 'ad-listing');
    const items = v.page.locator('.ad-listing__item');
    const shown = await items.count();
    expect(shown).toBeGreaterThanOrEqual(3);
    // The island has taken over once it fired each listed offer's impression pixel (after hydration).
    await expect.poll(() => count(v.requests, 'GET /mediaalpha/pixel'), WAIT).toBe(shown);
    const offer = items.filter({ has: v.page.locator('a[target="_blank"]') }).first();
    const ref = await offer.getAttribute('data-ad-ref');
    const [popup] = await Promise.all([
      v.context.waitForEvent('page', { timeout: 30_000 }),
      offer.locator('a.ad-listing__action').click(),
    ]);
    await popup.close();
    const id = await anonymousIdOf(v.page);
    await expect
      .poll(
        () =>
          ['adsLoaded', 'adClicked', 'maAdClicked'].filter((name) => !storedEventsOf(id).some((e) => e.event === name)),
        WAIT,
      )
      .toEqual([]);
    expect(JSON.parse(storedEventsOf(id).find((e) => e.event === 'adsLoaded')?.properties ?? '{}')).toMatchObject({
      count: shown,
      requestId: expect.any(String),
    });
    expect(JSON.parse(storedEventsOf(id).find((e) => e.event === 'maAdClicked')?.properties ?? '{}')).toMatchObject({
      ref,
      type: 'click',
    });
    // The offers came with the page: one partner call (the render's), no browser request for them.
    expect(count(v.requests, 'POST /api/mediaalpha/ads')).toBe(0);
    expect(await v.sandboxCalls('mediaalpha', '/ads')).toHaveLength(1);
    expect(v.errors).toEqual([]);
    await v.context.close();
  });
});

describe('listing pages without JavaScript', () => {
  it('shows the offers rendered by the server, never a loading state, and drops the malformed one', async () => {
    const v = await scopedVisitor({ javaScriptEnabled: false });
    await v.page.goto(`${brandOrigin('bh')}/ads`);
    const items = v.page.locator('.ad-listing__item');
    expect(await items.count()).toBeGreaterThanOrEqual(3);
    expect(await v.page.getByText('Loading offers').count()).toBe(0);
    expect(await v.page.locator('[data-ad-ref="sbx-bad"]').count()).toBe(0);
    const first = items.first().locator('a.ad-listing__action');
    // With the visit's ref for the partner's click payout (src/worker/revenue/click-ref.ts).
    expect(await first.getAttribute('href')).toMatch(
      new RegExp(`^${sandboxOrigin()}/mediaalpha/click\\?ref=sbx-\\d&qf_ref=r[0-9a-f]{31}$`),
    );
    // The page asked no API for them: the Worker fetched them (one partner call) while rendering.
    expect(count(v.requests, 'POST /api/mediaalpha/ads')).toBe(0);
    expect(await v.sandboxCalls('mediaalpha', '/ads')).toHaveLength(1);
    await v.context.close();
  });

  it('shows "no offers right now" when the partner has none', async () => {
    const v = await scopedVisitor({ javaScriptEnabled: false });
    await v.setBehaviour('mediaalpha', 'no-ads');
    await v.page.goto(`${brandOrigin('ps')}/clicks-auto`);
    await expect.poll(() => v.page.getByText('No offers are available right now').count(), WAIT).toBe(1);
    expect(await v.page.locator('.ad-listing__item').count()).toBe(0);
    await v.context.close();
  });
});

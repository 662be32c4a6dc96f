import { createHash } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { brandOrigin, launchBrowser, newVisitor, sandboxOrigin } from './support/browser';
import { queryD1 } from './support/d1';
import { taggedUserAgent } from './support/sandbox';
import { continueTo, pick, skipTo } from './support/steps';

/**
 * Revenue per visitor, end to end against `wrangler dev` and the sandbox: a person lands on the
 * auto funnel from a Google ad (gclid), is shown a leased number and finishes the form. MediaAlpha
 * (the sandbox) then posts a signed payout for a call to that number; the operator report shows
 * the revenue on the visit's brand, page, source and variant; the Google Ads stand-in received the
 * click conversion with that gclid and the hashed contact. The same walk under Sec-GPC: 1 sends
 * no conversion.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const WAIT = { timeout: 45_000, interval: 500 };
const TYPING = { delay: 140 };
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The auto funnel as a person fills it (the steps of tests/e2e/quotewizard.e2e.test.ts). */
async function finishAuto(page: Page, landing: string, email: string): Promise<string> {
  await page.goto(landing);
  await page.waitForSelector('[data-island="quote-form"][data-hydrated]', { state: 'attached', timeout: 30_000 });
  await page.locator('input[name="zipcode"]').fill('60601');
  await continueTo(page, '/save-auto/vehicles');
  await pick(page, 'vehicle1Year', '2019');
  await pick(page, 'vehicle1Make', 'Toyota');
  await pick(page, 'vehicle1Model', 'Camry');
  await continueTo(page, '/save-auto/insurance');
  await skipTo(page, '/save-auto/insurer');
  await skipTo(page, '/save-auto/home');
  await skipTo(page, '/save-auto/home-quote');
  await skipTo(page, '/save-auto/drivers');
  await page.locator('input[name="driver1FirstName"]').pressSequentially('Grace', TYPING);
  await page.locator('input[name="driver1LastName"]').pressSequentially('Hopper', TYPING);
  await page.locator('input[name="driver1Dob"]').fill('12/09/1966');
  await continueTo(page, '/save-auto/driver-details');
  await skipTo(page, '/save-auto/contact');
  // A phone of this walk's own: one person makes one delivered lead per product (docs/decisions/0102).
  const phone = `3125558${String(100 + Math.floor(Math.random() * 900))}`;
  await page.locator('input[name="driver1Phone"]').pressSequentially(phone, TYPING);
  const emailField = page.locator('input[name="driver1Email"]');
  if ((await emailField.count()) > 0) await emailField.pressSequentially(email, TYPING);
  await page.locator('input[name="driver1Address"]').pressSequentially('1 Main St', TYPING);
  // The visitor lets the ad platforms measure the ad (unticked as served): the island sends the answer.
  await page.getByRole('checkbox', { name: /Let .* tell Google and Meta/ }).check();
  await page.getByRole('button', { name: /^(Send my request|Talk to a licensed agent)$/ }).click();
  await page.waitForSelector('.quote-form__done', { timeout: 30_000 });
  return phone;
}

const leadRow = z.object({
  session_id: z.string().nullable(),
  quotewizard_status: z.string().nullable(),
  gpc: z.number().nullable(),
  values: z.string(),
});
function leadOf(ua: string) {
  return queryD1(
    `SELECT session_id, quotewizard_status, gpc, "values" FROM leads WHERE user_agent = '${ua.replace(/'/g, "''")}'`,
    leadRow,
  )[0];
}

async function googleCalls(gclid: string) {
  const reply = await fetch(
    `${sandboxOrigin()}/__sandbox/calls?${new URLSearchParams({ partner: 'google-data-manager', scope: gclid }).toString()}`,
  );
  return z.object({ calls: z.array(z.object({ path: z.string(), body: z.unknown() })) }).parse(await reply.json())
    .calls;
}

/** The operator's CSV, fetched from a page of the brand (Node does not resolve *.localhost; Chromium does). */
function reportCsv(page: Page): Promise<string> {
  return page.evaluate(() =>
    fetch('/ops/report?brand=ps&format=csv', { headers: { authorization: 'Bearer local-report-token' } }).then((r) =>
      r.text(),
    ),
  );
}

/** The Worker itself for server-to-server calls: postbacks take any hostname. */
function workerOrigin(): string {
  return new URL(brandOrigin('ps')).origin.replace('ps.localhost', '127.0.0.1');
}

describe('revenue per visitor in Chromium', { timeout: 180_000 }, () => {
  it('a gclid visit that finishes is paid for a call to its leased number, reported, and told to Google Ads', async () => {
    const ua = taggedUserAgent(browser);
    const gclid = `Cj0KCQ${crypto.randomUUID().replace(/-/g, '')}`;
    const source = `e2e${crypto.randomUUID().slice(0, 8)}`;
    const { context, page, errors } = await newVisitor(browser, { userAgent: ua });
    const phone = await finishAuto(
      page,
      `${brandOrigin('ps')}/save-auto?gclid=${gclid}&utm_source=${source}&utm_campaign=winter`,
      `grace.${crypto.randomUUID().slice(0, 8)}@example.com`,
    );

    await expect.poll(() => leadOf(ua)?.quotewizard_status, WAIT).toBe('accepted');
    const sessionId = leadOf(ua)?.session_id ?? '';
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    // The number the page showed was leased to this visit (lease history, written when leased).
    const leases = () =>
      queryD1(
        `SELECT number FROM phone_leases WHERE session_id = '${sessionId}'`,
        z.object({ number: z.string() }),
        'LEASES_DB',
      );
    await expect.poll(() => leases().length, WAIT).toBeGreaterThan(0);
    const number = leases()[0]?.number ?? '';

    // MediaAlpha (the sandbox) reports a $55 call to that number, signed with its secret.
    const posted = await fetch(`${sandboxOrigin()}/__sandbox/payout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        worker: workerOrigin(),
        partner: 'mediaalpha',
        postback: { type: 'call', payout: 55, phone: `+${number}` },
      }),
    });
    expect(await posted.json()).toMatchObject({ status: 200, body: { status: 'recorded', attributed: true } });

    // The report puts it on the visit's brand, page, source and variant.
    // Columns by their header names: the CSV grows new columns over time.
    const csv = (await reportCsv(page)).trim().split('\r\n');
    const header = (csv[0] ?? '').split(',');
    const col = (name: string) => header.indexOf(name);
    const rows = csv.filter((line) => line.startsWith('money,')).map((line) => line.split(','));
    const at = (by: string, key: string) => rows.find((r) => r[col('money_by')] === by && r[col('money_key')] === key);
    const realized = (by: string, key: string) => Number(at(by, key)?.[col('realized_usd')]);
    expect(realized('source', source)).toBe(55);
    expect(realized('brand', 'ps')).toBeGreaterThanOrEqual(55);
    expect(realized('page', 'ps save-auto')).toBeGreaterThanOrEqual(55);
    expect(realized('variant', '(no experiment)')).toBeGreaterThanOrEqual(55);

    // Google Ads got the click conversion with the gclid and the hashed contact, nothing in clear.
    await expect.poll(async () => (await googleCalls(gclid)).length, WAIT).toBeGreaterThan(0);
    const [call] = await googleCalls(gclid);
    const event = (call?.body as { events: { adIdentifiers?: unknown; userData?: unknown }[] }).events[0];
    expect(event?.adIdentifiers).toEqual({ gclid });
    const identifiers = JSON.stringify(event?.userData ?? {});
    expect(identifiers).toContain(sha256(`+1${phone}`));
    expect(JSON.stringify(call?.body)).not.toContain(`${phone}"`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the same walk under Sec-GPC: 1 tells Google Ads nothing', async () => {
    const ua = taggedUserAgent(browser);
    const gclid = `Cj0KCQ${crypto.randomUUID().replace(/-/g, '')}`;
    const { context, page, ip } = await newVisitor(browser, { userAgent: ua });
    await context.setExtraHTTPHeaders({ 'cf-connecting-ip': ip, 'sec-gpc': '1' });
    await finishAuto(
      page,
      `${brandOrigin('ps')}/save-auto?gclid=${gclid}&utm_source=google&utm_campaign=winter`,
      `grace.${crypto.randomUUID().slice(0, 8)}@example.com`,
    );
    // An opted-out visitor's lead is kept and sold to no one (docs/decisions/0104): no buyer, so no conversion.
    await expect.poll(() => leadOf(ua)?.gpc, WAIT).toBe(1);
    const delivery = queryD1(
      `SELECT delivery, quotewizard_status FROM leads WHERE user_agent = '${ua.replace(/'/g, "''")}'`,
      z.object({ delivery: z.string().nullable(), quotewizard_status: z.string().nullable() }),
    )[0];
    expect(delivery).toEqual({ delivery: 'withheld', quotewizard_status: null });
    const sessionId = leadOf(ua)?.session_id ?? '';
    expect(
      queryD1(
        `SELECT id FROM ad_conversions WHERE session_id = '${sessionId}'`,
        z.object({ id: z.string() }),
        'ADS_DB',
      ),
    ).toEqual([]);
    expect(await googleCalls(gclid)).toEqual([]);
    await context.close();
  });
});

import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BRANDS } from '../../brands';
import { brandOrigin, launchBrowser, newVisitor, sandboxOrigin } from './support/browser';
import { queryD1, visitorIdOf } from './support/d1';
import { chooseTo } from './support/steps';

/**
 * The visitor's own privacy rights in Chromium: a Medicare visitor finishes the funnel ticking
 * one company, follows "Your data" in the footer, downloads what this browser holds, ticks the
 * confirmation and deletes it; the page says so, the lead is gone from D1 and MediaAlpha (which
 * received the contact with the consent) has a deletion request for it in the sandbox.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function continueTo(page: Page, path: string) {
  await page.getByRole('button', { name: /^(Continue|Send my request|Talk to a licensed agent)$/ }).click();
  await page.waitForURL((url) => url.pathname === path);
}

const deletionCall = z.object({ path: z.string(), body: z.object({ external_id: z.string() }).loose() });

async function deletionPathsFor(leadId: string): Promise<string[]> {
  const reply = await fetch(`${sandboxOrigin()}/__sandbox/calls`);
  const { calls } = z.object({ calls: z.array(z.unknown()) }).parse(await reply.json());
  return calls.flatMap((raw) => {
    const call = deletionCall.safeParse(raw);
    return call.success && call.data.path.endsWith('/deletions') && call.data.body.external_id === leadId
      ? [call.data.path]
      : [];
  });
}

describe('Your data in the browser', () => {
  it('footer link, download, confirmed delete: the lead leaves D1 and MediaAlpha gets a deletion request', async () => {
    const { context, page, errors } = await newVisitor(browser);
    const origin = brandOrigin('bh');
    await page.goto(`${origin}/get-yours-otc`);
    await page.waitForSelector('[data-island="quote-form"][data-hydrated]', { state: 'attached' });
    await page.locator('input[name="zipcode"]').fill('33101');
    await continueTo(page, '/get-yours-otc/medicare');
    await chooseTo(page, 'Yes', '/get-yours-otc/medicaid');
    await chooseTo(page, 'No', '/get-yours-otc/name');
    await page.locator('input[name="firstName"]').fill('Ada');
    await page.locator('input[name="lastName"]').fill('Lovelace');
    await continueTo(page, '/get-yours-otc/contact');
    await expect.poll(() => page.locator('.sellers input[type="checkbox"]').count()).toBe(3);
    await page.locator('input[name="phone"]').pressSequentially('3055550182');
    const chosen = BRANDS.find((b) => b.id === 'bh')?.consent.medicare?.sellers[1];
    await page.getByLabel(chosen?.name ?? '').check();
    await page.getByRole('button', { name: /^(Send my request|Talk to a licensed agent)$/ }).click();
    await page.waitForSelector('.quote-form__done');

    const visitorId = await visitorIdOf(context);
    const leadRow = z.object({ id: z.uuid() });
    const [lead] = queryD1(`SELECT id FROM leads WHERE visitor_id = '${visitorId}'`, leadRow);
    expect(lead).toBeDefined();

    await page.getByRole('link', { name: 'Your data' }).click();
    await page.waitForURL((url) => url.pathname === '/your-data');
    expect(await page.locator('[data-count="leads"]').textContent()).toBe('1');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my data (JSON)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('bh-your-data.json');
    const path = await download.path();
    const dump = z
      .object({ leads: z.array(z.object({ id: z.string(), values: z.record(z.string(), z.unknown()) })) })
      .parse(JSON.parse(readFileSync(path, 'utf8')));
    expect(dump.leads.map((l) => l.id)).toEqual([lead?.id]);
    expect(dump.leads[0]?.values).toMatchObject({ firstName: 'Ada', phone: '(305) 555-0182' });

    await page.getByRole('button', { name: 'Delete my data' }).click();
    // The box is required: the browser does not send the form without it.
    expect(new URL(page.url()).pathname).toBe('/your-data');
    await page.getByLabel(/I understand that my answers/).check();
    await page.getByRole('button', { name: 'Delete my data' }).click();
    await page.waitForURL((url) => url.searchParams.has('deleted'));
    await expect.poll(() => page.locator('#your-data-deleted').textContent()).toContain('Your data was deleted.');
    // No lead any more (events the browser sends from here on are new ones).
    const leadsShown = page.locator('[data-count="leads"]');
    if ((await leadsShown.count()) > 0) expect(await leadsShown.textContent()).toBe('0');

    expect(queryD1(`SELECT id FROM leads WHERE visitor_id = '${visitorId}'`, leadRow)).toEqual([]);
    // The company ticked received the lead (its own delivery), so it is the one asked to delete it.
    await expect
      .poll(() => deletionPathsFor(lead?.id ?? ''), { timeout: 15_000 })
      .toEqual([`/sellers/${chosen?.id}/deletions`]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

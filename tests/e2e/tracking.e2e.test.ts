import { spawnSync } from 'node:child_process';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import type { Page } from 'playwright-core';
import { isPersonalKey } from '../../src/shared/tracking/strip-personal';
import { brandOrigin, launchBrowser, newVisitor } from './support/browser';
import { visitorIdOf } from './support/d1';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const rowSchema = z.object({
  event: z.string(),
  timestamp: z.string(),
  paid: z.number(),
  page: z.string().nullable(),
  step_name: z.string().nullable(),
  step_number: z.number().nullable(),
  properties: z.string(),
});

/** Stored events of one visitor, read from the local D1 that `wrangler dev` writes. */
function storedEvents(anonymousId: string): z.infer<typeof rowSchema>[] {
  const sql = `SELECT event, timestamp, paid, page, step_name, step_number, properties FROM events WHERE anonymous_id = '${anonymousId.replace(/[^0-9a-f-]/g, '')}' ORDER BY timestamp, rowid`;
  const out = spawnSync(
    'wrangler',
    ['d1', 'execute', 'DB', '--local', '--persist-to', inject('persistDir'), '--json', '--command', sql],
    {
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: '1' },
      encoding: 'utf8',
    },
  );
  if (out.status !== 0) throw new Error(out.stderr);
  const parsed = z.array(z.object({ results: z.array(rowSchema) })).parse(JSON.parse(out.stdout));
  return parsed.flatMap((p) => p.results);
}

const visitorId = visitorIdOf;

describe('tracking in Chromium', () => {
  it('marks a visit with gclid and utm_campaign paid in the stored events, in page order', async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto(`${brandOrigin('bh')}/find-benefits?gclid=Cj0KCQiA1234567890&utm_campaign=spring`, {
      waitUntil: 'load',
    });
    // Later pages with a cleaned address stay in the same paid session.
    await page.goto(`${brandOrigin('bh')}/get-offers`, { waitUntil: 'load' });
    await page.goto(`${brandOrigin('bh')}/senior-deals`, { waitUntil: 'load' });
    const id = await visitorId(context);
    await expect
      .poll(() => storedEvents(id).filter((e) => e.event === 'pageView').length, { timeout: 20_000, interval: 1000 })
      .toBe(3);
    const views = storedEvents(id).filter((e) => e.event === 'pageView');
    expect(views.map((v) => v.page)).toEqual(['find-benefits', 'get-offers', 'senior-deals']);
    expect(views.every((v) => v.paid === 1)).toBe(true);
    const events = storedEvents(id).map((e) => e.event);
    expect(events).toContain('botCheckCompleted');
    await context.close();
  });

  it('delivers an event emitted just before the tab closes', async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto(`${brandOrigin('bh')}/get-offers`, { waitUntil: 'load' });
    const id = await visitorId(context);
    await page.evaluate(() => {
      // Keep the click on the page (no navigation), then the tab goes away at once.
      document.addEventListener('click', (event) => event.preventDefault());
      const target = document.querySelector('a[href], button') ?? document.body;
      target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    });
    await page.close({ runBeforeUnload: true });
    await expect
      .poll(() => storedEvents(id).some((e) => e.event === 'elementClicked'), { timeout: 20_000, interval: 1000 })
      .toBe(true);
    const clicked = storedEvents(id).find((e) => e.event === 'elementClicked');
    expect(JSON.parse(clicked?.properties ?? '{}')).toMatchObject({ session: { paid: false } });
    await context.close();
  });

  it('stores the page views and step submissions of three funnel steps in order, without personal fields', async () => {
    const { context, page } = await newVisitor(browser);
    const origin = brandOrigin('bh');
    // Personal fields in the landing address prefill the form but must never reach an event.
    await page.goto(`${origin}/get-life-now?utm_source=e2e&firstname=Adaline&email=adaline%40example.com`, {
      waitUntil: 'load',
    });
    await page.waitForSelector('[data-island="quote-form"][data-hydrated]', { state: 'attached', timeout: 30_000 });
    const id = await visitorId(context);

    await page.locator('input[name="zipcode"]').fill('33101');
    await continueTo(page, '/get-life-now/coverage');
    // A one-tap step: the tile is the answer and the move.
    await page.locator('input[name="coverageAmount"][value="25000"]').check();
    await page.waitForURL((url) => url.pathname === '/get-life-now/about', { timeout: 30_000 });
    await page.locator('input[name="gender"][value="female"]').check();
    await page.locator('select[name="dateOfBirthMonth"]').selectOption('7');
    await page.locator('input[name="dateOfBirthDay"]').fill('14');
    await page.locator('input[name="dateOfBirthYear"]').fill('1953');
    await page.locator('input[name="tobaccoUse"][value="0"]').check();
    await continueTo(page, '/get-life-now/name');

    const funnel = () => storedEvents(id).filter((e) => e.event === 'pageView' || e.event === 'formStepSubmitted');
    await expect.poll(() => funnel().length, { timeout: 30_000, interval: 1000 }).toBe(7);
    const stored = funnel();
    expect(stored.map((e) => [e.event, e.step_name, e.step_number])).toEqual([
      ['pageView', 'zip', 1],
      ['formStepSubmitted', 'zip', 1],
      ['pageView', 'coverage', 2],
      ['formStepSubmitted', 'coverage', 2],
      ['pageView', 'about', 3],
      ['formStepSubmitted', 'about', 3],
      ['pageView', 'name', 4],
    ]);
    // Ordered by the browser's timestamps (ties kept in arrival order): each one no earlier than the one before.
    const times = stored.map((e) => Date.parse(e.timestamp));
    expect(times.every((t, i) => i === 0 || t >= (times[i - 1] ?? 0))).toBe(true);
    expect(stored.every((e) => e.page === 'get-life-now')).toBe(true);

    const submitted = stored
      .filter((e) => e.event === 'formStepSubmitted')
      .map((e) => z.object({ data: z.record(z.string(), z.unknown()) }).parse(JSON.parse(e.properties)).data);
    expect(submitted).toEqual([
      { zipcode: '33101' },
      { coverageAmount: '25000' },
      { gender: 'female', tobaccoUse: false },
    ]);
    for (const event of storedEvents(id)) {
      expect(personalKeysIn(JSON.parse(event.properties)), `${event.event} properties`).toEqual([]);
      expect(event.properties).not.toMatch(/Adaline|adaline%40|adaline@|1953-07-14|07\/14\/1953/i);
    }
    await context.close();
  });
});

async function continueTo(page: Page, path: string) {
  await page.getByRole('button', { name: /^(Continue|Send my request|Talk to a licensed agent)$/ }).click();
  await page.waitForURL((url) => url.pathname === path, { timeout: 30_000 });
}

/** Every key, at any depth, that names a personal field. */
function personalKeysIn(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => personalKeysIn(v, `${path}[${i}]`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([k, v]) => [
    ...(isPersonalKey(k) ? [`${path}.${k}`] : []),
    ...personalKeysIn(v, `${path}.${k}`),
  ]);
}

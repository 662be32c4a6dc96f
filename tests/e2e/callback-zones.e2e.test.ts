import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BRANDS } from '../../brands';
import { brandOrigin, launchBrowser, newVisitor } from './support/browser';
import { queryD1, visitorIdOf } from './support/d1';

/**
 * Call-back times that fit people (src/shared/phone/callback-times.ts): the agents open at
 * 5:00 AM Pacific, which is 8:00 AM in New York but 2:00 AM in Hawaii; the times offered start
 * at the visitor's own 8:00 AM. The visitor is placed by the sandbox's geo service (10.96.x.x in
 * Honolulu, 10.97.x.x in New York), as the edge places a real one. And the screen comes only when
 * a company will call: with no company ticked, the step goes straight to the finish.
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
const COMPANY = BRANDS.find((b) => b.id === 'bh')?.consent.medicare?.sellers[0]?.name ?? '';
const SEND = /^(Send my request|Talk to a licensed agent)$/;
const byte = () => 1 + Math.floor(Math.random() * 250);

async function contactStep(prefix: string) {
  const v = await newVisitor(browser, {
    headers: { 'x-dev-clock': SUNDAY_19_PT },
    ip: `${prefix}${byte()}.${byte()}`,
    hasTouch: true,
  });
  await v.page.clock.setFixedTime(new Date(SUNDAY_19_PT));
  await v.page.goto(`${brandOrigin('bh')}/get-yours-otc/contact`);
  await v.page.waitForSelector('[data-island="quote-form"][data-hydrated]', { state: 'attached', ...WAIT });
  await v.page
    .locator('input[name="phone"]')
    .pressSequentially(`30555590${String(10 + Math.floor(Math.random() * 90))}`);
  return v;
}

describe('call-back times in the visitor\u2019s waking hours', () => {
  for (const { place, prefix, first, at } of [
    { place: 'Hawaii', prefix: '10.96.', first: /^Mon, Jun 16, 8:00\sAM H/, at: '2025-06-16T18:00:00.000Z' },
    { place: 'New York', prefix: '10.97.', first: /^Mon, Jun 16, 8:00\sAM ET$/, at: '2025-06-16T12:00:00.000Z' },
  ]) {
    it(`${place}: the first time is 8:00 AM there, and the lead carries the time chosen`, async () => {
      const { context, page, errors } = await contactStep(prefix);
      await page.getByLabel(COMPANY).check();
      await page.getByRole('button', { name: SEND }).click();
      const picker = page.locator('[data-callback-picker]');
      await picker.waitFor(WAIT);
      const options = await picker.locator('option').allTextContents();
      expect(options[0]).toMatch(first);
      expect(await picker.locator('option').first().getAttribute('value')).toBe(at);
      await picker.locator('select').selectOption({ index: 0 });
      await picker.getByRole('button', { name: 'Ask for this time' }).click();
      await page.locator('[data-confirmation]').waitFor(WAIT);
      const id = z.uuid().parse(await visitorIdOf(context));
      await expect
        .poll(
          () =>
            queryD1(`SELECT "values" AS v FROM leads WHERE visitor_id = '${id}'`, z.object({ v: z.string() })).map(
              (row) => (JSON.parse(row.v) as { callbackAt?: string }).callbackAt,
            ),
          { timeout: 15_000, interval: 250 },
        )
        .toEqual([at]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('no company ticked: no call-back screen, the finish at once', async () => {
    const { context, page, errors } = await contactStep('10.97.');
    await page.getByRole('button', { name: SEND }).click();
    await page.locator('[data-confirmation]').waitFor(WAIT);
    expect(await page.locator('[data-callback-picker]').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

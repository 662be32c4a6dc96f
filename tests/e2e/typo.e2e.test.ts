import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BRANDS } from '../../brands';
import { brandOrigin, launchBrowser, newVisitor } from './support/browser';
import { queryD1, visitorIdOf } from './support/d1';

/**
 * A typo never loses the lead (src/shared/forms/typed-contact.ts), on a 390x844 touch phone: a
 * phone, email or date of birth typed wrong blocks the step with its message and the focus on
 * it; fixed, the lead carries it; "Continue without …", the lead is stored without it and the
 * finish never speaks of a number that is not there. The company ticked survives the refusal.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const WAIT = { timeout: 30_000 };
/** Agents answering (Tuesday 11:00 PT): no call-back screen comes between the step and the finish. */
const STAFFED = { 'x-dev-clock': '2025-06-10T18:00:00.000Z' };
const own = () => `3055558${String(100 + Math.floor(Math.random() * 900))}`;
const COMPANY = BRANDS.find((b) => b.id === 'bh')?.consent.medicare?.sellers[0]?.name ?? '';
const SEND = /^(Send my request|Talk to a licensed agent)$/;

async function visitor(path: string) {
  const v = await newVisitor(browser, { headers: STAFFED, hasTouch: true });
  await v.page.clock.setFixedTime(new Date(STAFFED['x-dev-clock']));
  await v.page.goto(`${brandOrigin('bh')}${path}`);
  await v.page.waitForSelector('[data-island="quote-form"][data-hydrated]', { state: 'attached', ...WAIT });
  return v;
}

const leadRow = z.object({ v: z.string(), status: z.string(), reasons: z.string().nullable() });

async function storedLead(context: Parameters<typeof visitorIdOf>[0]) {
  const id = z.uuid().parse(await visitorIdOf(context));
  let rows: z.infer<typeof leadRow>[] = [];
  await expect
    .poll(
      () =>
        (rows = queryD1(
          `SELECT "values" AS v, status, partial_reasons AS reasons FROM leads WHERE visitor_id = '${id}'`,
          leadRow,
        )).length,
      { timeout: 15_000, interval: 250 },
    )
    .toBe(1);
  const row = rows[0] as z.infer<typeof leadRow>;
  return { values: JSON.parse(row.v) as Record<string, unknown>, status: row.status, reasons: row.reasons ?? '' };
}

async function refused(page: Page, name: string, message: string) {
  await expect.poll(() => page.locator(`[name="${name}"][aria-invalid="true"]`).count(), WAIT).toBeGreaterThan(0);
  expect(await page.getByText(message).isVisible()).toBe(true);
  expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe(name);
}

describe('a typo never loses the lead', () => {
  it('phone and email typed wrong, each fixed: the lead carries both, and the company tick', async () => {
    const { context, page, errors } = await visitor('/get-yours-otc/contact');
    const phone = own();
    // Ticked first: a field's message appearing on blur moves the box under a later tap.
    await page.getByLabel(COMPANY).check();
    await page.locator('input[name="phone"]').pressSequentially(phone.slice(0, 9));
    await page.locator('input[name="email"]').fill('ada@example');
    await page.getByRole('button', { name: SEND }).click();
    await refused(page, 'phone', 'Enter a 10-digit phone number, like (555) 555-5555.');
    expect(await page.getByText('Enter an email address like name@example.com.').isVisible()).toBe(true);
    expect(await page.locator('[data-typo-choice] button').textContent()).toBe('Continue without these answers');
    expect(await page.locator('[data-confirmation]').count()).toBe(0);
    await page.locator('input[name="phone"]').fill('');
    await page.locator('input[name="phone"]').pressSequentially(phone);
    await page.getByRole('button', { name: SEND }).click();
    await refused(page, 'email', 'Enter an email address like name@example.com.');
    await page.locator('input[name="email"]').fill('ada@example.com');
    expect(await page.getByLabel(COMPANY).isChecked()).toBe(true);
    await page.getByRole('button', { name: SEND }).click();
    const done = page.locator('[data-confirmation]');
    await done.waitFor(WAIT);
    expect(await done.getAttribute('data-phone-given')).toBe('yes');
    const lead = await storedLead(context);
    expect(lead.values.phone).toBe(`(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`);
    expect(lead.values.email).toBe('ada@example.com');
    expect(lead.reasons).not.toContain('no_company');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('email typed wrong, gone on without: the phone is kept, the email is not', async () => {
    const { context, page, errors } = await visitor('/get-yours-otc/contact');
    const phone = own();
    await page.locator('input[name="phone"]').pressSequentially(phone);
    await page.locator('input[name="email"]').fill('ada@@example.com');
    await page.getByRole('button', { name: SEND }).click();
    await refused(page, 'email', 'Enter an email address like name@example.com.');
    await page.getByRole('button', { name: 'Continue without an email' }).click();
    await page.locator('[data-confirmation]').waitFor(WAIT);
    const lead = await storedLead(context);
    expect(lead.values.email).toBeUndefined();
    expect(String(lead.values.phone).replace(/\D/g, '')).toBe(phone);
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const fix of [true, false]) {
    it(`date of birth typed wrong (30 February), ${fix ? 'fixed: the lead carries it' : 'gone on without: the lead has none'}`, async () => {
      const { context, page, errors } = await visitor('/get-life-now/about');
      const day = page.locator('input[name="dateOfBirthDay"]');
      await day.waitFor(WAIT);
      await page.locator('select[name="dateOfBirthMonth"]').selectOption('2');
      await day.fill('30');
      await page.locator('input[name="dateOfBirthYear"]').fill('1950');
      await page.getByRole('button', { name: 'Continue' }).click();
      await refused(page, 'dateOfBirthMonth', 'Enter the date of birth: month, day and 4-digit year.');
      expect(new URL(page.url()).pathname).toBe('/get-life-now/about');
      if (fix) {
        await day.fill('28');
        await page.getByRole('button', { name: 'Continue' }).click();
      } else {
        await page.getByRole('button', { name: 'Continue without a date of birth' }).click();
      }
      await page.waitForURL((url) => url.pathname === '/get-life-now/name', WAIT);
      await page.locator('input[name="firstName"]').fill('Ada');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL((url) => url.pathname === '/get-life-now/contact', WAIT);
      await page.locator('input[name="phone"]').pressSequentially(own());
      await page.getByRole('button', { name: 'Send my request' }).click();
      await page.locator('[data-confirmation]').waitFor(WAIT);
      const lead = await storedLead(context);
      expect(lead.values.dateOfBirth).toBe(fix ? '1950-02-28' : undefined);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

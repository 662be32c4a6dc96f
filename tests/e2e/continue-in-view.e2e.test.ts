import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandOrigin, launchBrowser, newVisitor } from './support/browser';
import { mainActionInView as continueInView, pageAtRest as atRest } from '../../scripts/lib/main-action';
import { arrivedAt, continueTo } from './support/steps';

/**
 * Every step's main action is in view once its last question is answered, without the visitor
 * scrolling: short answers (yes/no, a gender) sit side by side and the date of birth on one row,
 * so the life form's "about" step fits a phone; a step taller than the screen (the vehicles on a
 * laptop, the drivers on a phone) brings Continue above the call bar when a choice, a tile or
 * the year's fourth digit answers its last open question. Nothing moves while a question is
 * still open, and the button then takes the first tap.
 */
const WAIT = { timeout: 30_000 };
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true };
const LAPTOP = { viewport: { width: 1366, height: 768 } };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function hydrated(page: Page) {
  await page.waitForSelector('[data-island="quote-form"][data-hydrated]', { state: 'attached', ...WAIT });
}

/** Scrolls (at once) so the element sits just above the call bar, as a visitor who scrolled only as far as the question. */
async function toBottomOfScreen(page: Page, selector: string): Promise<void> {
  await page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const bar = document.querySelector('[data-call-bar]')?.getBoundingClientRect();
      const floor = bar && bar.height > 0 ? bar.top : innerHeight;
      window.scrollBy({ top: el.getBoundingClientRect().bottom - (floor - 8), behavior: 'instant' });
    });
  await atRest(page);
}

const tops = (page: Page, name: string) =>
  page
    .locator(`.quote-form label:has(input[name="${name}"])`)
    .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));

/** The driver's gender and marital status (choices). */
async function answerDriverChoices(page: Page) {
  await page.locator('.quote-form label:has(input[name="driver1Gender"])').first().tap();
  await page.locator('.quote-form label:has(input[name="driver1MaritalStatus"])').nth(1).tap();
}

/**
 * The auto vehicles step with a year and a make tapped, scrolled only as far as the model tiles
 * (Continue below the screen); returns the Civic tile that answers the last question.
 */
async function toModelTiles(page: Page) {
  await page.goto(`${brandOrigin('ps')}/save-auto`);
  await hydrated(page);
  await page.locator('input[name="zipcode"]').fill('60601');
  await continueTo(page, '/save-auto/vehicles');
  await atRest(page);
  await page.getByRole('group', { name: 'Recent years' }).getByRole('button', { name: '2020' }).click();
  await page.getByRole('group', { name: 'Common makes' }).getByRole('button', { name: 'Honda' }).click();
  const civic = page.getByRole('group', { name: 'Models' }).getByRole('button', { name: 'Civic', exact: true });
  await civic.waitFor(WAIT);
  await toBottomOfScreen(page, '.field:has(select[name="vehicle1Model"]) .vehicle-tiles');
  return civic;
}

async function lifeAbout(page: Page) {
  await page.goto(`${brandOrigin('bh')}/get-life-now`);
  await hydrated(page);
  await page.locator('input[name="zipcode"]').fill('33101');
  await continueTo(page, '/get-life-now/coverage');
  await page.locator('.choices.tiles label').first().click();
  await arrivedAt(page, '/get-life-now/about');
  await page.waitForSelector('.quote-form form h2:focus', WAIT);
  await atRest(page);
}

describe('Continue in view after the last answer', () => {
  for (const [device, options] of [
    ['phone', PHONE],
    ['laptop', LAPTOP],
  ] as const) {
    it(`life "about" on a ${device}: short answers side by side, the date on one row, Continue in view and taken at the first tap`, async () => {
      const { context, page, errors } = await newVisitor(browser, options);
      const tap = (selector: string) =>
        device === 'phone' ? page.locator(selector).first().tap() : page.locator(selector).first().click();
      await lifeAbout(page);
      // Yes and No on one line; the three genders take at most two lines.
      const tobacco = await tops(page, 'tobaccoUse');
      expect(new Set(tobacco).size).toBe(1);
      expect(new Set(await tops(page, 'gender')).size).toBeLessThanOrEqual(2);
      // Month, day and year side by side, the month's longest name shown whole.
      const row = await page
        .locator('.date-parts__row > div')
        .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
      expect(new Set(row).size).toBe(1);
      const monthFits = await page.locator('select[name="dateOfBirthMonth"]').evaluate((select) => {
        const style = getComputedStyle(select);
        const context2d = document.createElement('canvas').getContext('2d');
        if (!context2d) return false;
        context2d.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const longest = Math.max(
          ...[...(select as HTMLSelectElement).options].map((o) => context2d.measureText(o.text).width),
        );
        // The text box inside the padding, less the arrow's room.
        return longest <= select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
      });
      expect(monthFits).toBe(true);

      await tap('.quote-form label:has(input[name="gender"])');
      await page.locator('select[name="dateOfBirthMonth"]').selectOption('4');
      await tap('input[name="dateOfBirthDay"]');
      await page.locator('input[name="dateOfBirthDay"]').pressSequentially('4');
      await tap('input[name="dateOfBirthYear"]');
      await page.locator('input[name="dateOfBirthYear"]').pressSequentially('1950');
      await tap('.quote-form label:has(input[name="tobaccoUse"])');
      expect(await continueInView(page)).toBe(true);
      // One tap on Continue moves on.
      await tap('.quote-form .form-actions .btn');
      await arrivedAt(page, '/get-life-now/name');
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('an answer that leaves a question open moves nothing', async () => {
    const { context, page } = await newVisitor(browser, PHONE);
    await page.goto(`${brandOrigin('ps')}/save-auto/drivers`);
    await hydrated(page);
    await atRest(page);
    // Everything but the first name.
    await page.locator('input[name="driver1LastName"]').fill('Lovelace');
    await answerDriverChoices(page);
    await page.locator('input[name="driver1Dob"]').tap();
    await page.locator('input[name="driver1Dob"]').pressSequentially('0404198');
    await toBottomOfScreen(page, 'input[name="driver1Dob"]');
    const before = await atRest(page);
    expect(await continueInView(page)).toBe(false);
    await page.locator('input[name="driver1Dob"]').pressSequentially('0');
    expect(await atRest(page)).toBe(before);
    expect(await continueInView(page)).toBe(false);
    await context.close();
  });

  it('the vehicles on a laptop: the model tile that answers the last question brings Continue into view', async () => {
    const { context, page, errors } = await newVisitor(browser, LAPTOP);
    const civic = await toModelTiles(page);
    expect(await continueInView(page)).toBe(false);
    await civic.click();
    expect(await continueInView(page)).toBe(true);
    await continueTo(page, '/save-auto/insurance');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('with reduced motion asked for, Continue comes at once, not in a smooth scroll', async () => {
    const { context, page, errors } = await newVisitor(browser, LAPTOP);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const civic = await toModelTiles(page);
    const before = await atRest(page);
    await civic.click();
    // Two frames after the tap the page is already where it comes to rest.
    const soon = await page.evaluate(
      () =>
        new Promise<number>((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(() => resolve(scrollY)))),
        ),
    );
    const rest = await atRest(page);
    expect(rest).toBeGreaterThan(before);
    expect(soon).toBe(rest);
    expect(await continueInView(page)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the drivers on a phone (390x844): the year's fourth digit in the date's one box answers the date, and Continue comes above the call bar", async () => {
    const { context, page, errors } = await newVisitor(browser, PHONE);
    await page.goto(`${brandOrigin('ps')}/save-auto/drivers`);
    await hydrated(page);
    await atRest(page);
    for (const [name, value] of [
      ['driver1FirstName', 'Ada'],
      ['driver1LastName', 'Lovelace'],
    ] as const) {
      await page.locator(`input[name="${name}"]`).tap();
      await page.locator(`input[name="${name}"]`).pressSequentially(value);
    }
    await answerDriverChoices(page);
    await page.locator('input[name="driver1Dob"]').tap();
    // Three digits of the year: the date is still open, so nothing moves.
    await page.locator('input[name="driver1Dob"]').pressSequentially('0404198');
    await toBottomOfScreen(page, 'input[name="driver1Dob"]');
    const typing = await atRest(page);
    expect(await continueInView(page)).toBe(false);
    await page.locator('input[name="driver1Dob"]').pressSequentially('0');
    expect(await page.locator('input[name="driver1Dob"]').inputValue()).toBe('04/04/1980');
    expect(await continueInView(page)).toBe(true);
    expect(await page.evaluate(() => scrollY)).toBeGreaterThan(typing);
    // Still typing in the date's box: the focus was not taken.
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('driver1Dob');
    expect(errors).toEqual([]);
    await context.close();
  });
});

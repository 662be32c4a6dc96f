import { readFileSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandOrigin, launchBrowser, newVisitor } from './support/browser';
import { arrivedAt, continueTo } from './support/steps';

/**
 * The long tail of makes and models: a box the visitor types into, with suggestions (the
 * WAI-ARIA combobox pattern), on a touch phone by tapping and on a desktop by the keyboard alone.
 * What is picked is the step's answer as the select's was: it is stored (Back shows it), an
 * unlisted text is refused with the field's message and stores nothing, and without JavaScript
 * the server's select still posts.
 */
const WAIT = { timeout: 30_000 };
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true };
const DESKTOP = { viewport: { width: 1366, height: 768 } };
const AXE_SOURCE = readFileSync('node_modules/axe-core/axe.min.js', 'utf8');

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

const focusedName = (page: Page) => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name);
const box = (page: Page, name: string) => page.locator(`input[role="combobox"][name="${name}"]`);
/** The suggestions a box controls, by its aria-controls. */
async function listOf(combobox: Locator): Promise<Locator> {
  return combobox.page().locator(`[id="${await combobox.getAttribute('aria-controls')}"]`);
}
const optionTexts = async (list: Locator) => list.getByRole('option').allTextContents();
/** Where Continue sits in the page (not the viewport): the suggestions must not move it. */
const continueY = (page: Page) =>
  page
    .getByRole('button', { name: 'Continue' })
    .evaluate((el) => Math.round(el.getBoundingClientRect().top + window.scrollY));

/** axe-core's violations in the form as it is now (the audit's own engine, from node_modules). */
async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (ctx: object, opts: object) => Promise<{ violations: { id: string }[] }> } }
    ).axe;
    const result = await axe.run({ include: [['[data-island="quote-form"]']] }, { resultTypes: ['violations'] });
    return result.violations.map((v) => v.id);
  });
}

async function toVehicles(page: Page) {
  await page.goto(`${brandOrigin('ps')}/save-auto`);
  await hydrated(page);
  await page.locator('input[name="zipcode"]').fill('60601');
  await continueTo(page, '/save-auto/vehicles');
  await hydrated(page);
}

async function backToVehicles(page: Page) {
  await page.getByRole('link', { name: 'Back' }).click();
  await arrivedAt(page, '/save-auto/vehicles');
  await hydrated(page);
}

describe('vehicle typeahead', () => {
  it('phone: a few letters suggest a long-tail make and model, a tap picks each; stored, Back shows them', async () => {
    const { context, page, errors } = await newVisitor(browser, PHONE);
    await toVehicles(page);
    await page.getByRole('group', { name: 'Recent years' }).getByRole('button', { name: '2020' }).tap();
    await expect.poll(() => focusedName(page)).toBe('vehicle1Make');
    const make = box(page, 'vehicle1Make');
    // The question's label names the box.
    expect(await page.getByRole('combobox', { name: 'Make' }).getAttribute('name')).toBe('vehicle1Make');
    expect(await make.getAttribute('aria-expanded')).toBe('false');
    const before = await continueY(page);

    await make.tap();
    await make.pressSequentially('ben');
    const makes = await listOf(make);
    await makes.waitFor({ state: 'visible', ...WAIT });
    expect(await make.getAttribute('aria-expanded')).toBe('true');
    // From the start of a word inside the name: "ben" finds Mercedes-Benz.
    expect((await optionTexts(makes))[0]).toBe('Mercedes-Benz');
    // The list hangs over the page: Continue has not moved.
    expect(await continueY(page)).toBe(before);
    // Typing is not choosing: the answer is the text, until a suggestion is picked.
    expect(await make.inputValue()).toBe('ben');
    await makes.getByRole('option', { name: 'Mercedes-Benz', exact: true }).tap();
    expect(await make.inputValue()).toBe('Mercedes-Benz');
    expect(await make.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => focusedName(page)).toBe('vehicle1Model');

    // The model list follows the make: twenty models, its common ones as tiles, the rest typed into.
    const model = box(page, 'vehicle1Model');
    await model.waitFor(WAIT);
    await page
      .getByRole('group', { name: 'Models' })
      .getByRole('button', { name: 'C-Class', exact: true })
      .waitFor(WAIT);
    // The tiles came with the make; the suggestions that follow move nothing.
    const beforeModel = await continueY(page);
    await model.pressSequentially('gle');
    const models = await listOf(model);
    await models.waitFor({ state: 'visible', ...WAIT });
    expect(await optionTexts(models)).toEqual(['GLE-Class']);
    await models.getByRole('option', { name: 'GLE-Class' }).tap();
    expect(await model.inputValue()).toBe('GLE-Class');
    expect(await continueY(page)).toBe(beforeModel);
    // After the last answer Continue is in view, above the sticky call bar.
    const [button, bar] = await Promise.all(
      [page.getByRole('button', { name: 'Continue' }), page.locator('.call-bar')].map((l) =>
        l.evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect),
      ),
    );
    expect(button?.top).toBeGreaterThan(0);
    expect(button?.bottom).toBeLessThanOrEqual(bar?.top ?? 0);

    await continueTo(page, '/save-auto/insurance');
    // Stored in the visitor's answers: the step rendered again shows them.
    await backToVehicles(page);
    await expect.poll(() => make.inputValue(), WAIT).toBe('Mercedes-Benz');
    await expect.poll(() => model.inputValue(), WAIT).toBe('GLE-Class');
    await page.reload();
    await hydrated(page);
    await expect.poll(() => model.inputValue(), WAIT).toBe('GLE-Class');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('phone: six suggestions show at a time and the rest scroll, within the screen', async () => {
    const { context, page } = await newVisitor(browser, PHONE);
    await toVehicles(page);
    await page.getByRole('group', { name: 'Recent years' }).getByRole('button', { name: '2020' }).tap();
    const make = box(page, 'vehicle1Make');
    await make.tap();
    await make.pressSequentially('a');
    const makes = await listOf(make);
    await makes.waitFor({ state: 'visible', ...WAIT });
    const shape = await makes.evaluate((el) => {
      const rect = el.getBoundingClientRect();
      const first = el.querySelector('[role="option"]')?.getBoundingClientRect().height ?? 0;
      return { rows: el.clientHeight / first, scrolls: el.scrollHeight > el.clientHeight, bottom: rect.bottom };
    });
    expect(Math.round(shape.rows)).toBe(6);
    expect(shape.scrolls).toBe(true);
    expect(shape.bottom).toBeLessThanOrEqual(844);
    await context.close();
  });

  it('desktop, keyboard only: type, ArrowDown, Enter for make and model; Escape closes; Enter on the closed box moves on', async () => {
    const { context, page, errors } = await newVisitor(browser, DESKTOP);
    await toVehicles(page);
    await page.locator('select[name="vehicle1Year"]').selectOption('2020');
    const make = box(page, 'vehicle1Make');
    await make.focus();
    await page.keyboard.type('bm');
    const makes = await listOf(make);
    await makes.waitFor({ state: 'visible', ...WAIT });
    // Nothing is highlighted until an arrow moves there.
    expect(await make.getAttribute('aria-activedescendant')).toBeNull();
    await page.keyboard.press('ArrowDown');
    const activeId = await make.getAttribute('aria-activedescendant');
    expect(await page.locator(`[id="${activeId}"]`).textContent()).toBe('BMW');
    expect(await page.locator(`[id="${activeId}"]`).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Enter');
    expect(await make.inputValue()).toBe('BMW');
    expect(new URL(page.url()).pathname).toBe('/save-auto/vehicles');
    await expect.poll(() => focusedName(page)).toBe('vehicle1Model');

    const model = box(page, 'vehicle1Model');
    await model.waitFor(WAIT);
    await page.keyboard.type('m2');
    const models = await listOf(model);
    await models.waitFor({ state: 'visible', ...WAIT });
    // Names that start with the text first: M2, M235i, M240i.
    expect(await optionTexts(models)).toEqual(['M2', 'M235i', 'M240i']);

    // Accessible with the list open (axe, the form only).
    expect(await axeViolations(page)).toEqual([]);

    // Down, down, up, down: the second suggestion; Escape closes without choosing.
    for (const key of ['ArrowDown', 'ArrowDown', 'ArrowUp', 'ArrowDown']) await page.keyboard.press(key);
    expect(await page.locator(`[id="${await model.getAttribute('aria-activedescendant')}"]`).textContent()).toBe(
      'M235i',
    );
    await page.keyboard.press('Escape');
    expect(await model.getAttribute('aria-expanded')).toBe('false');
    expect(await model.getAttribute('aria-activedescendant')).toBeNull();
    expect(await model.inputValue()).toBe('m2');
    // ArrowUp opens on the last suggestion; Enter picks it.
    await page.keyboard.press('ArrowUp');
    expect(await page.locator(`[id="${await model.getAttribute('aria-activedescendant')}"]`).textContent()).toBe(
      'M240i',
    );
    await page.keyboard.press('Enter');
    expect(await model.inputValue()).toBe('M240i');
    expect(await model.getAttribute('aria-expanded')).toBe('false');
    // And closed.
    expect(await axeViolations(page)).toEqual([]);
    // Enter on the closed box is the step's submit, as in any text field.
    await page.keyboard.press('Enter');
    await arrivedAt(page, '/save-auto/insurance');

    await backToVehicles(page);
    await expect.poll(() => make.inputValue(), WAIT).toBe('BMW');
    await expect.poll(() => model.inputValue(), WAIT).toBe('M240i');
    // Tab leaves the box without choosing.
    await model.focus();
    await page.keyboard.press('End');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Tab');
    expect(await model.getAttribute('aria-expanded')).toBe('false');
    expect(await model.inputValue()).toBe('M240');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('text that names no listed make is refused with the message and stores nothing; typed exactly in any case, it is the listed one', async () => {
    const { context, page } = await newVisitor(browser, DESKTOP);
    await toVehicles(page);
    await page.getByRole('group', { name: 'Recent years' }).getByRole('button', { name: '2020' }).click();
    await page.getByRole('group', { name: 'Common makes' }).getByRole('button', { name: 'Honda' }).click();
    const civic = page.getByRole('group', { name: 'Models' }).getByRole('button', { name: 'Civic', exact: true });
    await civic.waitFor(WAIT);
    await civic.click();
    await continueTo(page, '/save-auto/insurance');
    await backToVehicles(page);

    const make = box(page, 'vehicle1Make');
    await expect.poll(() => make.inputValue(), WAIT).toBe('Honda');
    await make.fill('Hondda');
    // Nothing on the list matches: no suggestions, and a note that says so (read out as it shows).
    expect(await make.getAttribute('aria-expanded')).toBe('false');
    const note = page.getByRole('status').filter({ hasText: 'Nothing on our list matches' });
    expect(await note.isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page
      .locator('#quote .error', { hasText: 'That make is not on our list. Choose one of the listed makes.' })
      .waitFor(WAIT);
    expect(new URL(page.url()).pathname).toBe('/save-auto/vehicles');
    expect(await make.getAttribute('aria-invalid')).toBe('true');
    // The other answers stay on screen...
    expect(await page.locator('select[name="vehicle1Year"]').inputValue()).toBe('2020');
    expect(await page.locator('[name="vehicle1Model"]').inputValue()).toBe('Civic');
    // ...and what was stored stays stored: the refused text was not kept.
    await page.reload();
    await hydrated(page);
    await expect.poll(() => make.inputValue(), WAIT).toBe('Honda');

    // Typed exactly, in any case, the listed value is the answer: the same make keeps its model,
    // another make empties it.
    await make.fill('HONDA');
    await make.blur();
    expect(await make.inputValue()).toBe('Honda');
    expect(await page.locator('[name="vehicle1Model"]').inputValue()).toBe('Civic');
    await make.fill('volvo');
    await make.blur();
    expect(await make.inputValue()).toBe('Volvo');
    expect(await page.locator('[name="vehicle1Model"]').inputValue()).toBe('');
    await make.fill('honda');
    await make.blur();
    await civic.click();
    await continueTo(page, '/save-auto/insurance');
    await backToVehicles(page);
    await expect.poll(() => make.inputValue(), WAIT).toBe('Honda');
    await context.close();
  });

  it('JavaScript off: no box, the select posts the long-tail make and the step moves', async () => {
    const { context, page } = await newVisitor(browser, { javaScriptEnabled: false });
    await page.goto(`${brandOrigin('ps')}/save-auto/zip`);
    await page.locator('input[name="zipcode"]').fill('60601');
    await page.getByRole('button', { name: 'Continue' }).click();
    await arrivedAt(page, '/save-auto/vehicles');
    expect(await page.locator('[role="combobox"]').count()).toBe(0);
    await page.locator('select[name="vehicle1Year"]').selectOption('2020');
    await page.locator('select[name="vehicle1Make"]').selectOption('Mercedes-Benz');
    await page.locator('input[name="vehicle1Model"]').fill('GLE-Class');
    await page.getByRole('button', { name: 'Continue' }).click();
    await arrivedAt(page, '/save-auto/insurance');
    await page.goto(`${brandOrigin('ps')}/save-auto/vehicles`);
    expect(await page.locator('select[name="vehicle1Make"]').inputValue()).toBe('Mercedes-Benz');
    await context.close();
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandOrigin, launchBrowser, newVisitor } from './support/browser';
import { arrivedAt, chooseTo, continueTo } from './support/steps';

/**
 * One tap per single-choice question (docs/decisions/0150-one-tap-tiles.md): the Medicare
 * yes/no steps and the quizzes' are tiles; a tap is the answer and moves on, the focus lands on
 * the next question, a visible Back link returns with the answer kept, the keyboard works as in
 * a radio group (arrows choose, Space or Enter answers), and without JavaScript the tiles are
 * radios of a form that posts and records the answer.
 */
const WAIT = { timeout: 30_000 };

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

const path = (page: Page) => new URL(page.url()).pathname;
const focused = (page: Page) =>
  page.evaluate(() => `${document.activeElement?.tagName ?? ''} ${document.activeElement?.textContent ?? ''}`);
const checkedValue = (page: Page, name: string) =>
  page.locator(`input[name="${name}"]:checked`).evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));

describe('one-tap tiles', () => {
  it('a tap on a tile moves on with the focus on the next question; Back shows the answer kept; a reload keeps it', async () => {
    const { context, page, errors } = await newVisitor(browser, { hasTouch: true });
    const origin = brandOrigin('bh');
    await page.goto(`${origin}/get-yours-otc`);
    await hydrated(page);
    await page.locator('input[name="zipcode"]').fill('33101');
    await continueTo(page, '/get-yours-otc/medicare');

    // Big tiles, side by side on a phone, each at least 64 px tall.
    const tiles = page.locator('.choices.tiles label');
    expect(await tiles.count()).toBe(2);
    const boxes = await tiles.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
    for (const box of boxes) expect(box.height).toBeGreaterThanOrEqual(64);
    expect(boxes[0]?.top).toBe(boxes[1]?.top);

    await page.locator('.choices.tiles label').filter({ hasText: 'Yes' }).tap();
    await arrivedAt(page, '/get-yours-otc/medicaid');
    await expect.poll(() => focused(page)).toMatch(/^H2 Do you get Medicaid\?/);

    // The visible way back: the previous question with its answer chosen.
    await page.getByRole('link', { name: 'Back' }).tap();
    await arrivedAt(page, '/get-yours-otc/medicare');
    await expect.poll(() => checkedValue(page, 'haveMedicare')).toEqual(['1']);
    // The chosen tile tapped again moves on (a click with no change of answer).
    await page.locator('.choices.tiles label').filter({ hasText: 'Yes' }).tap();
    await arrivedAt(page, '/get-yours-otc/medicaid');
    await chooseTo(page, 'No', '/get-yours-otc/name');

    // A reload, then Back twice: both answers are the ones stored.
    await page.reload();
    await hydrated(page);
    await page.getByRole('link', { name: 'Back' }).click();
    await arrivedAt(page, '/get-yours-otc/medicaid');
    await hydrated(page);
    expect(await checkedValue(page, 'haveMedicaid')).toEqual(['0']);
    await page.getByRole('link', { name: 'Back' }).click();
    await arrivedAt(page, '/get-yours-otc/medicare');
    expect(await checkedValue(page, 'haveMedicare')).toEqual(['1']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keyboard only: arrows choose without moving on, Space answers, the focus goes to the next question', async () => {
    const { context, page, errors } = await newVisitor(browser, { viewport: { width: 1366, height: 768 } });
    await page.goto(`${brandOrigin('wc')}/quiz/medicare`);
    await hydrated(page);
    await page.locator('input[name="zipcode"]').focus();
    await page.keyboard.type('33101');
    await page.keyboard.press('Enter');
    await arrivedAt(page, '/quiz/medicare/medicare');
    await expect.poll(() => focused(page)).toMatch(/^H2 Do you have Medicare/);

    // Tab from the question reaches the group (Back comes before the heading, so it is not passed).
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('haveMedicare');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => checkedValue(page, 'haveMedicare')).toEqual(['0']);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => checkedValue(page, 'haveMedicare')).toEqual(['1']);
    // Arrows are not an answer: still here.
    expect(path(page)).toBe('/quiz/medicare/medicare');

    await page.keyboard.press('Space');
    await arrivedAt(page, '/quiz/medicare/medicaid');
    await expect.poll(() => focused(page)).toMatch(/^H2 Do you also get Medicaid\?/);
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await arrivedAt(page, '/quiz/medicare/name');

    // What the keyboard chose is what was stored: the server renders it on the step's own address.
    await page.goto(`${brandOrigin('wc')}/quiz/medicare/medicare`);
    expect(await checkedValue(page, 'haveMedicare')).toEqual(['1']);
    await page.goto(`${brandOrigin('wc')}/quiz/medicare/medicaid`);
    expect(await checkedValue(page, 'haveMedicaid')).toEqual(['0']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('JavaScript off: the tiles are radios of a form that posts, the answer is recorded, Back is a link', async () => {
    const { context, page } = await newVisitor(browser, { javaScriptEnabled: false });
    const origin = brandOrigin('bh');
    await page.goto(`${origin}/get-yours-otc/zip`);
    await page.locator('input[name="zipcode"]').fill('33101');
    await page.getByRole('button', { name: /^Continue$/ }).click();
    await arrivedAt(page, '/get-yours-otc/medicare');
    await page.locator('.choices.tiles label').filter({ hasText: 'No' }).click();
    // Nothing moves on by itself without JavaScript; Continue posts the form.
    expect(path(page)).toBe('/get-yours-otc/medicare');
    await page.getByRole('button', { name: /^Continue$/ }).click();
    await arrivedAt(page, '/get-yours-otc/medicaid');
    await page.getByRole('link', { name: 'Back' }).click();
    await arrivedAt(page, '/get-yours-otc/medicare');
    expect(await checkedValue(page, 'haveMedicare')).toEqual(['0']);
    await context.close();
  });
});

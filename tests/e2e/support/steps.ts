import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** A form step's moves as a visitor makes them in Chromium, shared by the walks that finish a form. */
const STEP_WAIT = { timeout: 30_000 };

/** Presses the step's main button and waits for the next step's address. */
export async function continueTo(page: Page, path: string): Promise<void> {
  await page.getByRole('button', { name: /^(Continue|Get my quote|Talk to a licensed agent)$/ }).click();
  await page.waitForURL((url) => url.pathname === path, STEP_WAIT);
}

/**
 * Chooses `value` once it is on offer (vehicle lists load as the visitor answers): in a select,
 * or in a long list's typeahead by typing it and tapping its suggestion, as a visitor would.
 */
export async function pick(page: Page, name: string, value: string): Promise<void> {
  const select = page.locator(`select[name="${name}"]`);
  const box = page.locator(`input[role="combobox"][name="${name}"]`);
  await expect
    .poll(async () => (await box.count()) + (await select.locator(`option[value="${value}"]`).count()), {
      ...STEP_WAIT,
      interval: 500,
    })
    .toBe(1);
  if ((await box.count()) === 0) {
    await select.selectOption(value);
    return;
  }
  await box.fill(value);
  await page
    .locator(`[id="${await box.getAttribute('aria-controls')}"]`)
    .getByRole('option', { name: value, exact: true })
    .click();
  await expect.poll(() => box.inputValue()).toBe(value);
}

/** Presses Skip and waits for the next step's address. */
export async function skipTo(page: Page, path: string): Promise<void> {
  await page.getByRole('button', { name: 'Skip' }).click();
  await page.waitForURL((url) => url.pathname === path, STEP_WAIT);
}

/**
 * Taps a one-tap tile (a single-choice step: Medicare yes/no, the quizzes) and waits for the
 * next step's address: the tap is the answer and the submit, there is no Continue to press.
 */
export async function chooseTo(page: Page, label: string | RegExp, path: string): Promise<void> {
  await page.locator('.choices.tiles label').filter({ hasText: label }).first().click();
  await page.waitForURL((url) => url.pathname === path, STEP_WAIT);
}

import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** A form step's moves as a visitor makes them in Chromium, shared by the walks that finish a form. */
const STEP_WAIT = { timeout: 30_000 };

/**
 * Waits until the step at `path` is on screen, not only in the address bar: the island pushes
 * the address first and shows the step once its parts are loaded, so on a busy machine a check
 * made straight after the address changed can still see the previous step. A step's form posts
 * to its own path; a page with no step form (the confirmation, a finish) has arrived too.
 * Then until the page stops moving: a new step scrolls the form's top into view, smoothly, and a
 * click aimed while the page still moves lands beside its target (a lost click on a laptop).
 */
export async function arrivedAt(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path, STEP_WAIT);
  await page.waitForFunction(
    (want) => {
      const forms = [...document.querySelectorAll('form.card')] as HTMLFormElement[];
      return forms.length === 0 || forms.some((form) => new URL(form.action).pathname === want);
    },
    path,
    STEP_WAIT,
  );
  // The same scroll position six reads in a row, about a frame apart, or 3 s. Read from here, one
  // evaluation at a time, so it also holds on a page with JavaScript off (where the page's own
  // frames and timers never run a waiting function).
  const began = Date.now();
  let last = -1;
  for (let still = 0; still < 6 && Date.now() - began < 3000;) {
    const y = await page.evaluate(() => scrollY);
    still = y === last ? still + 1 : 0;
    last = y;
    await new Promise((resolve) => setTimeout(resolve, 16));
  }
}

/** Presses the step's main button and waits for the next step's address. */
export async function continueTo(page: Page, path: string): Promise<void> {
  await page.getByRole('button', { name: /^(Continue|Send my request|Talk to a licensed agent)$/ }).click();
  await arrivedAt(page, path);
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
  await arrivedAt(page, path);
}

/**
 * Taps a one-tap tile (a single-choice step: Medicare yes/no, the quizzes) and waits for the
 * next step's address: the tap is the answer and the submit, there is no Continue to press.
 */
export async function chooseTo(page: Page, label: string | RegExp, path: string): Promise<void> {
  await page.locator('.choices.tiles label').filter({ hasText: label }).first().click();
  await arrivedAt(page, path);
}

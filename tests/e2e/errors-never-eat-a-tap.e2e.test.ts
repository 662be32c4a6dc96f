import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formDefinition } from '../../src/shared/forms';
import { FORM_PAGES } from '../../bench/template-pages';
import type { FormId } from '../../src/routes/schema';
import { brandOrigin, launchBrowser, newVisitor } from './support/browser';

/**
 * Errors never eat a tap, in every form kind (Medicare, auto, life, a quiz), on a phone with
 * touch and on a desktop with a mouse. The regression: submit empty, type a valid ZIP code,
 * press Continue once: the step stayed put, "Please answer the question above to continue."
 * appeared under a valid ZIP code and Continue dropped ~75 px, because the refused submit's
 * general line came in as the press moved the focus, and the release landed beside the button.
 * Here the first press after fixing the answer moves on, and Continue stays where it was
 * pressed from press to click.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const WAIT = { timeout: 30_000 };
const DEVICES = [
  { name: 'phone, touch', viewport: { width: 390, height: 844 }, touch: true },
  { name: 'desktop, mouse', viewport: { width: 1366, height: 768 }, touch: false },
];

/** Records where the pressed button was when the press began and when its click arrived. */
async function watchPresses(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { presses: { down: number; click: number | null; target: string }[] };
    w.presses = [];
    document.addEventListener(
      'pointerdown',
      (e) => {
        const button = e.target instanceof Element ? e.target.closest('button') : null;
        if (button) w.presses.push({ down: button.getBoundingClientRect().top, click: null, target: '' });
      },
      true,
    );
    document.addEventListener(
      'click',
      (e) => {
        const last = w.presses.at(-1);
        const button = e.target instanceof Element ? e.target.closest('.form-actions .btn') : null;
        if (last && last.click === null) {
          last.click = button ? button.getBoundingClientRect().top : Number.NaN;
          last.target = button?.textContent ?? (e.target instanceof Element ? e.target.tagName : '');
        }
      },
      true,
    );
  });
}

function presses(page: Page): Promise<{ down: number; click: number | null; target: string }[]> {
  return page.evaluate(
    () => (window as unknown as { presses: { down: number; click: number | null; target: string }[] }).presses,
  );
}

async function press(target: Locator, touch: boolean): Promise<void> {
  if (touch) await target.tap();
  else await target.click();
}

describe.each(DEVICES)('errors never eat a tap ($name)', ({ viewport, touch }) => {
  for (const { form, brand, path } of FORM_PAGES) {
    it(`${form}: empty, then a valid ZIP code, then one press on Continue moves on`, async () => {
      const second = formDefinition(form as FormId).steps[1]?.name ?? '';
      const { context, page, errors } = await newVisitor(browser, { viewport, hasTouch: touch });
      await page.goto(`${brandOrigin(brand)}${path}`);
      await page.waitForSelector('[data-island="quote-form"][data-hydrated]', { state: 'attached', ...WAIT });
      await watchPresses(page);
      const zip = page.locator('.quote-form input[name="zipcode"]');
      const main = page.locator('.quote-form .form-actions .btn').first();
      const fieldError = page.locator('.quote-form .field .error');
      const general = page.locator('.quote-form form > p.error');

      // Empty: refused, one message on the question, none general.
      await press(main, touch);
      await expect.poll(() => fieldError.count(), WAIT).toBe(1);
      expect(await general.count()).toBe(0);
      expect(new URL(page.url()).pathname).not.toMatch(new RegExp(`${path}/${second}$`));

      // A valid answer clears the message while the visitor is still in the field.
      await press(zip, touch);
      await zip.fill('60601');
      await expect.poll(() => fieldError.count(), WAIT).toBe(0);
      expect(await zip.evaluate((el) => el === document.activeElement)).toBe(true);

      // One press on Continue: the button has not moved between press and click, and the step moves on.
      await press(main, touch);
      await expect.poll(() => new URL(page.url()).pathname, WAIT).toMatch(new RegExp(`${path}/${second}$`));
      const last = (await presses(page)).at(-1);
      expect(last?.click).toBe(last?.down);
      expect(await general.count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('an invalid answer left by pressing Continue: the press is answered (refused, with the message) and nothing moved under it', async () => {
    const { context, page } = await newVisitor(browser, { viewport, hasTouch: touch });
    await page.goto(`${brandOrigin('bh')}/get-offers`);
    await page.waitForSelector('[data-island="quote-form"][data-hydrated]', { state: 'attached', ...WAIT });
    await watchPresses(page);
    const zip = page.locator('.quote-form input[name="zipcode"]');
    const main = page.locator('.quote-form .form-actions .btn').first();
    await press(zip, touch);
    await zip.fill('606');
    await press(main, touch);
    await expect.poll(() => page.locator('.quote-form .field .error').count(), WAIT).toBe(1);
    const last = (await presses(page)).at(-1);
    // The click reached Continue where it was pressed (the refusal came with the click, not before it).
    expect(last?.click).toBe(last?.down);
    expect(last?.target).toBe(await main.textContent());
    // Fixed: the message goes as the fifth digit comes; the next press moves on.
    await zip.fill('60601');
    await expect.poll(() => page.locator('.quote-form .field .error').count(), WAIT).toBe(0);
    await press(main, touch);
    await expect.poll(() => new URL(page.url()).pathname, WAIT).not.toMatch(/\/get-offers\/?$|\/zip$/);
    await context.close();
  });
});

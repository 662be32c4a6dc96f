/**
 * `node scripts/run-ts.mjs audit/funnel.ts`: each form walked as a visitor who answers every
 * question and finishes, on a phone (390x844, touch) and a desktop (1366x768, mouse), against
 * the built Worker under Miniflare with the partner sandbox. Per form and device: taps,
 * keystrokes and scripted seconds to the confirmation with the number to call, the tallest
 * step (the form card's height), whether Continue was visible (in the viewport, above the call
 * bar) on the first screen and after each step's last answer without scrolling. Prints a
 * Markdown table (copied into docs/audit.md).
 */
import type { Page } from 'playwright-core';
import { buildAll, startHarness } from '../bench/harness';
import { FORM_PAGES } from '../bench/template-pages';
import { launchAuditBrowser } from './browser';

const TEXT: [RegExp, string][] = [
  [/zipcode$/, '33101'],
  [/FirstName$|^firstName$/, 'Ada'],
  [/LastName$|^lastName$/, 'Lovelace'],
  [/Phone$|^phone$/, '3055550182'],
  [/Email$|^email$/, 'ada@example.com'],
  [/Address$/, '1 Main St'],
  [/DobMonth$|dateOfBirthMonth$/, '4'],
  [/DobDay$|dateOfBirthDay$/, '4'],
  [/DobYear$|dateOfBirthYear$/, '1950'],
];
const VEHICLE: Record<string, string> = { Year: '2020', Make: 'Honda', Model: 'Civic' };
const DEVICES = [
  { name: 'phone', viewport: { width: 390, height: 844 }, touch: true },
  { name: 'desktop', viewport: { width: 1366, height: 768 }, touch: false },
];

interface Walk {
  form: string;
  device: string;
  taps: number;
  keys: number;
  seconds: number;
  steps: number;
  tallest: number;
  firstScreen: boolean;
  continueShown: string;
}

/** Is the step's main action wholly in the viewport and not under a fixed bar? */
function continueVisible(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const button = document.querySelector<HTMLElement>('.quote-form .form-actions .btn');
    if (!button) return false;
    const box = button.getBoundingClientRect();
    if (box.top < 0 || box.bottom > innerHeight) return false;
    const x = box.left + box.width / 2;
    return [box.top + 2, box.bottom - 2].every((y) => button.contains(document.elementFromPoint(x, y)));
  });
}

async function walk(page: Page, touch: boolean): Promise<Omit<Walk, 'form' | 'device'>> {
  let taps = 0;
  let keys = 0;
  let tallest = 0;
  let steps = 0;
  const shown: boolean[] = [];
  const press = async (selector: string) => {
    taps++;
    const target = page.locator(selector).first();
    if (touch) await target.tap();
    else await target.click();
  };
  const began = performance.now();
  const firstScreen = await continueVisible(page);
  for (;;) {
    steps++;
    const controls = await page.evaluate(() => {
      const out: { name: string; kind: string }[] = [];
      for (const el of document.querySelectorAll<HTMLInputElement | HTMLSelectElement>(
        '.quote-form form .field input, .quote-form form .field select',
      )) {
        const kind = el instanceof HTMLSelectElement ? 'select' : el.type;
        if (!out.some((c) => c.name === el.name)) out.push({ name: el.name, kind });
      }
      return out;
    });
    for (const { name, kind: asked } of controls) {
      // A vehicle's model list replaces its text box once the year's models have loaded.
      const kind = /^vehicle\dModel$/.test(name) ? 'select' : asked;
      if (kind === 'radio') {
        await press(`.quote-form label:has(input[name="${name}"])`);
      } else if (kind === 'select') {
        const vehicle = /^vehicle\d(Year|Make|Model)$/.exec(name)?.[1];
        const select = page.locator(`select[name="${name}"]`);
        const value =
          vehicle !== undefined
            ? (VEHICLE[vehicle] ?? '')
            : ((await select.locator('option:not([disabled])').nth(0).getAttribute('value')) ?? '');
        await select.locator(`option[value="${value}"]`).waitFor({ state: 'attached', timeout: 30_000 });
        taps += 2; // open the list, pick
        await select.selectOption(value);
      } else if (kind !== 'checkbox' && kind !== 'hidden') {
        const value = TEXT.find(([pattern]) => pattern.test(name))?.[1];
        if (value === undefined) continue;
        await press(`input[name="${name}"]`);
        await page.locator(`input[name="${name}"]`).pressSequentially(value);
        keys += value.length;
      }
    }
    tallest = Math.max(
      tallest,
      await page.locator('.quote-form form').evaluate((f) => f.getBoundingClientRect().height),
    );
    shown.push(await continueVisible(page));
    const before = page.url();
    await press('.quote-form .form-actions .btn');
    const moved = await Promise.race([
      page.waitForURL((url) => url.href !== before, { timeout: 30_000 }).then(() => 'next' as const),
      page.waitForSelector('.quote-form__done a[href^="tel:"]', { timeout: 30_000 }).then(() => 'done' as const),
    ]);
    if (moved === 'done') break;
    await page.waitForSelector('.quote-form form h2:focus', { timeout: 30_000 });
  }
  return {
    taps,
    keys,
    seconds: (performance.now() - began) / 1000,
    steps,
    tallest: Math.round(tallest),
    firstScreen,
    continueShown: `${shown.filter(Boolean).length}/${shown.length}`,
  };
}

buildAll();
const h = await startHarness();
const { browser } = await launchAuditBrowser();
const rows: Walk[] = [];
try {
  for (const f of FORM_PAGES) {
    for (const device of DEVICES) {
      const context = await browser.newContext({
        viewport: device.viewport,
        deviceScaleFactor: 1,
        ...(device.touch ? { hasTouch: true, isMobile: true } : {}),
      });
      const page = await context.newPage();
      await page.goto(`http://${f.brand}.localhost:${h.port}${f.path}`);
      await page.waitForSelector('[data-island="quote-form"][data-hydrated]', { state: 'attached', timeout: 30_000 });
      try {
        rows.push({ form: f.form, device: device.name, ...(await walk(page, device.touch)) });
        console.log(`[funnel] ${JSON.stringify(rows.at(-1))}`);
      } catch (error) {
        // A form the walker cannot finish is reported where it stopped, not hidden.
        const errors = await page.locator('.quote-form .error').allTextContents();
        console.log(
          `[funnel] ${f.form} ${device.name}: stopped at ${page.url()} ${errors.join(' | ')} ${String(error).slice(0, 120)}`,
        );
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  await h.close();
}
console.log(
  [
    '| form | device | steps | taps | keystrokes | scripted s | tallest step px | Continue on first screen | Continue visible after last answer |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${r.form} | ${r.device} | ${r.steps} | ${r.taps} | ${r.keys} | ${r.seconds.toFixed(1)} | ${r.tallest} | ${r.firstScreen ? 'yes' : 'no'} | ${r.continueShown} |`,
    ),
  ].join('\n'),
);

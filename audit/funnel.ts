/**
 * The funnel report of `npm run audit`: each form walked in Chromium on a phone (390x844, touch)
 * and a desktop (1366x768, mouse), against the built Worker under Miniflare with the partner
 * sandbox. Two visitors:
 * - "answers all": answers every question and finishes by tapping the step's buttons;
 * - "caller" (the Medicare forms): a visitor who chooses to call gives what a step requires,
 *   taps a one-tap tile, skips what can be skipped, and submits text steps with the phone
 *   keyboard's Go key (Enter: a keystroke, not a tap).
 * Per form, visitor and device: taps, keystrokes and scripted seconds to the confirmation with
 * the number to call, the tallest step (the form card's height), whether the step's main
 * action was visible (in the viewport, above the call bar) on the first screen and right after
 * each step's last answer without scrolling. One-tap steps have no "after the last answer":
 * the answer is the move. For the caller also the taps until a tracked number (a leased one, not
 * the brand's default) is on screen to dial: a tel: link in the viewport, not covered.
 */
import type { Browser, Page } from 'playwright-core';
import type { FormId } from '../src/routes/schema';
import { brandByCode } from '../brands';
import { formDefinition } from '../src/shared/forms/registry';
import { isOneTapStep } from '../src/shared/forms/one-tap';
import type { StepDef } from '../src/shared/forms/types';
import { mainActionInView as continueVisible, pageAtRest } from '../scripts/lib/main-action';

const TEXT: [RegExp, string][] = [
  [/zipcode$/, '33101'],
  [/FirstName$|^firstName$/, 'Ada'],
  [/LastName$|^lastName$/, 'Lovelace'],
  [/Phone$|^phone$/, '3055550182'],
  [/Email$|^email$/, 'ada@example.com'],
  [/Address$/, '1 Main St'],
  [/DobMonth$|dateOfBirthMonth$/, '4'],
  // A date of birth typed in one box (the auto form's drivers).
  [/Dob$/, '04041950'],
  [/DobDay$|dateOfBirthDay$/, '4'],
  [/DobYear$|dateOfBirthYear$/, '1950'],
];
const VEHICLE: Record<string, string> = { Year: '2020', Make: 'Honda', Model: 'Civic' };
const DEVICES = [
  { name: 'phone', viewport: { width: 390, height: 844 }, touch: true },
  { name: 'desktop', viewport: { width: 1366, height: 768 }, touch: false },
] as const;
/** The forms a visitor may finish by calling (the Medicare call funnels). */
const CALLER_FORMS = new Set(['medicare', 'quiz-medicare']);
const WAIT = { timeout: 30_000 };
/**
 * How long a step waits for a lease that may be on its way before its first tap: the Worker
 * answers get-phone within about a second, so a number not shown by then was not reached.
 */
const LEASE_WAIT_MS = 3000;

type Visitor = 'answers all' | 'caller';

export interface FunnelWalk {
  form: string;
  visitor: Visitor;
  device: string;
  taps: number;
  keys: number;
  seconds: number;
  steps: number;
  tallest: number;
  firstScreen: boolean;
  continueShown: string;
  /** The steps whose main action was out of view right after their last answer. */
  continueHidden: string[];
  /** Taps until a tracked number could be dialled (callers); null when none was shown. */
  tapsToNumber: number | null;
}

/**
 * Resolves true once a tracked number is there to tap: a tel: link other than the brand's
 * default number, inside the viewport and the topmost element at its centre (the call bar
 * hides while a field has focus, so a number under the keyboard does not count).
 */
async function trackedNumberShown(page: Page, defaultDigits: string, waitMs: number): Promise<boolean> {
  try {
    await page.waitForFunction(
      (fallback) => {
        for (const link of document.querySelectorAll<HTMLAnchorElement>('a[href^="tel:"][data-phone]')) {
          if (link.getAttribute('data-phone') === fallback) continue;
          const box = link.getBoundingClientRect();
          if (box.width === 0 || box.height === 0) continue;
          if (box.top < 0 || box.bottom > window.innerHeight || box.left < 0 || box.right > window.innerWidth) continue;
          const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          if (hit && link.contains(hit)) return true;
        }
        return false;
      },
      defaultDigits,
      { timeout: waitMs, polling: 100 },
    );
    return true;
  } catch {
    return false;
  }
}

function stepControls(page: Page): Promise<{ name: string; kind: string }[]> {
  return page.evaluate(() => {
    const out: { name: string; kind: string }[] = [];
    for (const el of document.querySelectorAll<HTMLInputElement | HTMLSelectElement>(
      '.quote-form form .field input, .quote-form form .field select',
    )) {
      const kind = el instanceof HTMLSelectElement ? 'select' : el.type;
      if (!out.some((c) => c.name === el.name)) out.push({ name: el.name, kind });
    }
    return out;
  });
}

function stepOnScreen(page: Page, basePath: string, formId: string): StepDef | undefined {
  const form = formDefinition(formId as FormId);
  const rest = new URL(page.url()).pathname.slice(basePath.length).replace(/^\/+/, '');
  return form.steps.find((s) => s.name === rest) ?? (rest === '' ? form.steps[0] : undefined);
}

async function walk(
  page: Page,
  touch: boolean,
  visitor: Visitor,
  basePath: string,
  formId: string,
  defaultDigits: string,
): Promise<Omit<FunnelWalk, 'form' | 'device' | 'visitor'>> {
  let taps = 0;
  let tapsToNumber: number | null = null;
  let keys = 0;
  let tallest = 0;
  let steps = 0;
  const shown: { step: string; visible: boolean }[] = [];
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
    // A visitor reads the question once the form has scrolled to it, not mid-scroll.
    await pageAtRest(page);
    const step = stepOnScreen(page, basePath, formId);
    const required = new Set(step?.required ?? []);
    const caller = visitor === 'caller';
    if (caller && tapsToNumber === null && (await trackedNumberShown(page, defaultDigits, LEASE_WAIT_MS)))
      tapsToNumber = taps;
    tallest = Math.max(
      tallest,
      await page.locator('.quote-form form').evaluate((f) => f.getBoundingClientRect().height),
    );
    const before = page.url();
    const moved = (callbackAsked = false) =>
      Promise.race([
        page.waitForURL((url) => url.href !== before, WAIT).then(() => 'next' as const),
        page.waitForSelector('.quote-form__done a[href^="tel:"]', WAIT).then(() => 'done' as const),
        ...(callbackAsked
          ? []
          : [page.waitForSelector('[data-callback-picker] .form-actions .btn', WAIT).then(() => null)]),
      ]);
    let outcome: 'next' | 'done' | null = null;
    if (step && isOneTapStep(step)) {
      // The tile is the answer and the move.
      await press('.quote-form .choices.tiles label');
      outcome = await moved();
    } else if (caller && step?.skippable && required.size === 0) {
      await press('.quote-form .form-actions .btn-quiet');
      outcome = await moved();
    } else {
      let lastText: string | null = null;
      for (const { name, kind: asked } of await stepControls(page)) {
        if (caller && !required.has(name)) continue;
        // A vehicle question is a list, a typeahead box or (the model, until the year's models
        // have loaded) a text box: answered as a vehicle whichever it is.
        const kind = /^vehicle\d(Year|Make|Model)$/.test(name) ? 'select' : asked;
        if (kind === 'radio') {
          await press(`.quote-form label:has(input[name="${name}"])`);
        } else if (kind === 'select') {
          const vehicle = /^vehicle\d(Year|Make|Model)$/.exec(name)?.[1];
          const select = page.locator(`select[name="${name}"]`);
          const value =
            vehicle !== undefined
              ? (VEHICLE[vehicle] ?? '')
              : ((await select.locator('option:not([disabled])').nth(0).getAttribute('value')) ?? '');
          const field = `.field:has([name="${name}"])`;
          const box = page.locator(`input[role="combobox"][name="${name}"]`);
          if (vehicle !== undefined) {
            // The answer is on offer once the year's lists are in: a tile, a list's option, or the box.
            await page
              .locator(
                `${field} .vehicle-tiles button:text-is("${value}"), select[name="${name}"] option[value="${value}"], input[role="combobox"][name="${name}"]`,
              )
              .first()
              .waitFor({ state: 'attached', ...WAIT });
          } else {
            await select.locator(`option[value="${value}"]`).waitFor({ state: 'attached', ...WAIT });
          }
          // A vehicle answer with a tile is one tap; a typeahead is a tap, the letters and the
          // suggestion's tap; a list is two (open, pick).
          const tile = page.locator(`${field} .vehicle-tiles button`).getByText(value, { exact: true });
          if (vehicle !== undefined && (await tile.count()) > 0) {
            await press(`${field} .vehicle-tiles button:text-is("${value}")`);
          } else if ((await box.count()) > 0) {
            await press(`input[role="combobox"][name="${name}"]`);
            await box.pressSequentially(value);
            keys += value.length;
            taps++;
            await page
              .locator(`[id="${await box.getAttribute('aria-controls')}"]`)
              .getByRole('option', { name: value, exact: true })
              .click();
          } else {
            taps += 2;
            await select.selectOption(value);
          }
        } else if (kind !== 'checkbox' && kind !== 'hidden') {
          const value = TEXT.find(([pattern]) => pattern.test(name))?.[1];
          if (value === undefined) continue;
          await press(`input[name="${name}"]`);
          await page.locator(`input[name="${name}"]`).pressSequentially(value);
          keys += value.length;
          lastText = name;
        }
      }
      shown.push({ step: step?.name ?? page.url(), visible: await continueVisible(page) });
      if (caller && lastText !== null) {
        // The phone keyboard's Go key: Enter in the last field submits the step.
        keys++;
        await page.locator(`input[name="${lastText}"]`).press('Enter');
      } else {
        await press('.quote-form .form-actions .btn');
      }
      outcome = await moved();
    }
    if (outcome === null && (await page.locator('[data-callback-picker]').count()) > 0) {
      // Agents away (the walk's real clock): the last step asks for a call-back time on a screen
      // of its own; the walk asks for the first time offered, one tap more.
      await press('[data-callback-picker] .form-actions .btn');
      outcome = await moved(true);
    }
    if (outcome === 'done') break;
    await page.waitForSelector('.quote-form form h2:focus', WAIT);
  }
  if (visitor === 'caller' && tapsToNumber === null && (await trackedNumberShown(page, defaultDigits, LEASE_WAIT_MS)))
    tapsToNumber = taps;
  return {
    tapsToNumber,
    taps,
    keys,
    seconds: (performance.now() - began) / 1000,
    steps,
    tallest: Math.round(tallest),
    firstScreen,
    continueShown: `${shown.filter((s) => s.visible).length}/${shown.length}`,
    continueHidden: shown.filter((s) => !s.visible).map((s) => s.step),
  };
}

/** Walks every form page as each visitor on each device; a walk that cannot finish is logged where it stopped. */
export async function runFunnelWalks(
  browser: Browser,
  origin: (brand: string) => string,
  pages: readonly { form: string; brand: string; path: string }[],
  log: (text: string) => void,
): Promise<{ rows: FunnelWalk[]; stopped: string[] }> {
  const rows: FunnelWalk[] = [];
  const stopped: string[] = [];
  // Each walk is another visitor on another connection (a loopback address, which the sandbox's
  // geo service places as it does 127.0.0.1): a dozen leads a minute from one address would
  // meet the Worker's per-client lead limit, which is not what the walk measures.
  let walkNumber = 0;
  for (const f of pages) {
    const visitors: Visitor[] = CALLER_FORMS.has(f.form) ? ['answers all', 'caller'] : ['answers all'];
    for (const visitor of visitors) {
      for (const device of DEVICES) {
        const context = await browser.newContext({
          viewport: device.viewport,
          deviceScaleFactor: 1,
          extraHTTPHeaders: { 'cf-connecting-ip': `127.0.${Math.floor(++walkNumber / 250)}.${2 + (walkNumber % 250)}` },
          ...(device.touch ? { hasTouch: true, isMobile: true } : {}),
        });
        const page = await context.newPage();
        await page.goto(`${origin(f.brand)}${f.path}`);
        await page.waitForSelector('[data-island="quote-form"][data-hydrated]', { state: 'attached', ...WAIT });
        try {
          rows.push({
            form: f.form,
            visitor,
            device: device.name,
            ...(await walk(page, device.touch, visitor, f.path, f.form, brandByCode(f.brand)?.defaultPhone ?? '')),
          });
          log(`funnel ${JSON.stringify(rows.at(-1))}`);
        } catch (error) {
          const errors = await page.locator('.quote-form .error').allTextContents();
          const first = String(error).split('\n')[0] ?? '';
          const where = `${f.form} ${visitor} ${device.name}: stopped at ${page.url()} ${errors.join(' | ')} ${first.slice(0, 120)}`;
          stopped.push(where);
          log(`funnel ${where}`);
        }
        await context.close();
      }
    }
  }
  return { rows, stopped };
}

/** The report's section: the table, and any walk that did not finish. */
export function renderFunnelSection(result: { rows: FunnelWalk[]; stopped: string[] }): string[] {
  return [
    '## Funnel walk (taps to the number)',
    '',
    'Each form walked in Chromium (audit/funnel.ts): phone 390x844 with touch, desktop 1366x768 with a mouse. "answers all" answers every question with the first valid choice (the vehicle 2020 Honda Civic) and taps each step\'s button; "caller" (the Medicare forms) gives only what a step requires, taps one-tap tiles, skips what can be skipped and submits text steps with the keyboard\'s Go key (counted as a keystroke). A select counts as two taps (open, pick), a tile as one. "Continue visible" is measured right after the step\'s last answer, before any scroll; one-tap steps have none (the answer is the move).',
    '',
    '"Taps to tracked number" (callers) counts the taps until a leased number, not the brand\'s default, is on screen to dial (in view, not covered: the header or the call bar).',
    '',
    '| form | visitor | device | steps | taps | keystrokes | scripted s | tallest step px | Continue on first screen | Continue visible after last answer | taps to tracked number |',
    '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | --- | --- | ---: |',
    ...result.rows.map(
      (r) =>
        `| ${r.form} | ${r.visitor} | ${r.device} | ${r.steps} | ${r.taps} | ${r.keys} | ${r.seconds.toFixed(1)} | ${r.tallest} | ${r.firstScreen ? 'yes' : 'no'} | ${r.continueShown}${r.continueHidden.length ? ` (not: ${r.continueHidden.join(', ')})` : ''} | ${r.visitor === 'caller' ? (r.tapsToNumber ?? 'not shown') : ''} |`,
    ),
    '',
    ...againstTargets(result.rows),
    ...(result.stopped.length ? ['', 'Walks that did not finish:', '', ...result.stopped.map((s) => `- ${s}`)] : []),
    '',
  ];
}

/** A caller has a tracked number to dial within this many taps of the landing page. */
export const CALLER_TAPS_TARGET = 4;

/** Caller walks that could not dial a tracked number within the target (the run fails on them). */
export function callersOverTarget(rows: readonly FunnelWalk[]): string[] {
  return rows
    .filter((r) => r.visitor === 'caller' && (r.tapsToNumber === null || r.tapsToNumber > CALLER_TAPS_TARGET))
    .map((r) => `${r.form} caller ${r.device}: ${r.tapsToNumber ?? 'no'} taps to a tracked number`);
}

/** The issue's targets, read from the rows: taps for a Medicare caller, and Continue after each step's last answer. */
function againstTargets(rows: readonly FunnelWalk[]): string[] {
  const callers = rows.filter((r) => r.visitor === 'caller' && r.form === 'medicare');
  const shown = rows.map((r) => r.continueShown.split('/').map(Number) as [number, number]);
  const visible = shown.reduce((sum, [n]) => sum + n, 0);
  const measured = shown.reduce((sum, [, total]) => sum + total, 0);
  const hidden = rows.flatMap((r) => r.continueHidden.map((step) => `${r.form} ${step} (${r.device})`));
  return [
    `Against the targets: a Medicare visitor who chooses to call can dial a tracked number after ${callers.map((r) => `${r.tapsToNumber ?? 'never'} taps (${r.device})`).join(' and ') || 'no walk'}, target at most ${CALLER_TAPS_TARGET}, and reaches the confirmation in ${callers.map((r) => `${r.taps} taps (${r.device})`).join(' and ') || 'no walk'}; Continue was visible right after the last answer on ${visible} of ${measured} steps walked${hidden.length ? `, not on ${hidden.join(', ')}` : ''}; Continue was on the first screen in ${rows.filter((r) => r.firstScreen).length} of ${rows.length} walks.`,
  ];
}

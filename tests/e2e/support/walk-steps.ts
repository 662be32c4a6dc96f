/**
 * Walks a form step by step as a visitor does and measures, after each step's last answer,
 * where its main action stands (scripts/lib/main-action.ts). The walk never presses the last
 * step's button: it measures the layout, it writes no lead. Shared by the "main action in view"
 * files, one per screen, so each finishes in a few minutes on a loaded machine.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { BRANDS } from '../../../brands';
import { ROUTES, isServedFor } from '../../../src/routes/registry';
import type { FormId } from '../../../src/routes/schema';
import { formDefinition } from '../../../src/shared/forms/registry';
import { isOneTapStep } from '../../../src/shared/forms/one-tap';
import { mainActionPlace, pageAtRest, type MainActionPlace } from '../../../scripts/lib/main-action';
import { brandOrigin, loopbackIp } from './browser';

const WAIT = { timeout: 30_000 };

/**
 * The clocks a walk runs under, on the Worker (the development-only clock header) and in the
 * page: agents answering (a Tuesday, 11:00 Pacific) and agents away (a Sunday, 19:00 Pacific),
 * when the call bar is a line taller.
 */
export const HOURS = {
  answering: new Date('2026-06-09T18:00:00Z'),
  away: new Date('2026-06-15T02:00:00Z'),
} as const;
export type Hours = keyof typeof HOURS;

export interface FormWalk {
  form: FormId;
  brand: string;
  path: string;
  screen: Screen;
  hours: Hours;
}

/**
 * Every form on every brand that serves it (English and Spanish forms are separate ids), each
 * walked once, on one screen and clock in turn so that every form meets every screen and clock
 * (a form served by fewer brands than that is walked again on its brands); the pages of a form
 * alternate between its templates. About a third of the walks fall to each screen.
 */
export function everyFormOnEveryBrand(): FormWalk[] {
  const combos = [
    [PHONE, 'answering'],
    [KEYBOARD, 'away'],
    [LAPTOP, 'answering'],
    [PHONE, 'away'],
    [KEYBOARD, 'answering'],
    [LAPTOP, 'away'],
  ] as const;
  const brandsOf = new Map<FormId, { brand: string; paths: string[] }[]>();
  for (const brand of BRANDS.map((b) => b.id)) {
    for (const route of ROUTES.filter((r) => r.config.form && isServedFor(r, brand))) {
      const form = route.config.form;
      if (!form) continue;
      const list = brandsOf.get(form) ?? [];
      let entry = list.find((e) => e.brand === brand);
      if (!entry) list.push((entry = { brand, paths: [] }));
      entry.paths.push(route.path.replace(/\/:step\?$/, '') || '/');
      brandsOf.set(form, list);
    }
  }
  const out: FormWalk[] = [];
  let turn = 0;
  for (const [form, brands] of brandsOf) {
    for (let i = 0; i < Math.max(brands.length, combos.length); i += 1) {
      const entry = brands[i % brands.length];
      const combo = combos[(turn + i) % combos.length];
      if (!entry || !combo) continue;
      const path = entry.paths[i % entry.paths.length] ?? entry.paths[0] ?? '/';
      out.push({ form, brand: entry.brand, path, screen: combo[0], hours: combo[1] });
    }
    turn += 1;
  }
  return out;
}

const TEXT: [RegExp, string][] = [
  [/zipcode$/, '33101'],
  [/FirstName$|^firstName$/, 'Ada'],
  [/LastName$|^lastName$/, 'Lovelace'],
  [/Phone$|^phone$/, '3055550182'],
  [/Email$|^email$/, 'walk@example.com'],
  [/Address$/, '1 Main St'],
  [/Address2$/, 'Apt 2'],
  // A date of birth typed in one box (the auto form's drivers).
  [/Dob$/, '04041950'],
  [/DobDay$|dateOfBirthDay$/, '4'],
  [/DobYear$|dateOfBirthYear$/, '1950'],
];
const VEHICLE: Record<string, string> = { Year: '2020', Make: 'Honda', Model: 'Civic' };

export interface Screen {
  name: string;
  viewport: { width: number; height: number };
  touch: boolean;
  /**
   * The phone's keyboard opens at the tap on a text box (the screen is `viewport` from then on,
   * the phone's full height before) and stays open after the last text answer (no call bar).
   */
  keyboard: boolean;
}
export const PHONE: Screen = { name: '390x844', viewport: { width: 390, height: 844 }, touch: true, keyboard: false };
export const KEYBOARD: Screen = { name: '390x500', viewport: { width: 390, height: 500 }, touch: true, keyboard: true };
export const LAPTOP: Screen = {
  name: '1366x768',
  viewport: { width: 1366, height: 768 },
  touch: false,
  keyboard: false,
};

/** What a step showed after its last answer. */
export interface StepPlace extends MainActionPlace {
  step: string;
  oneTap: boolean;
  /** One-tap steps: a radio circle or a Continue button still shown. */
  oneTapChrome: string[];
  /** Steps 2 and later, as the step change left them: text cut in half by the header's edge. */
  cut: string[];
}

function controls(page: Page): Promise<{ name: string; kind: string }[]> {
  return page.evaluate(() => {
    const out: { name: string; kind: string }[] = [];
    for (const el of document.querySelectorAll<HTMLInputElement | HTMLSelectElement>(
      '.quote-form form .field input, .quote-form form .field select',
    )) {
      if (el.closest('[hidden]')) continue;
      const kind = el instanceof HTMLSelectElement ? 'select' : el.type;
      if (!out.some((c) => c.name === el.name)) out.push({ name: el.name, kind });
    }
    return out;
  });
}

/** Answers every question of the step on screen, in order; returns the last text box typed into. */
async function answerStep(page: Page, screen: Screen): Promise<string | null> {
  const press = (selector: string) =>
    screen.touch ? page.locator(selector).first().tap() : page.locator(selector).first().click();
  let lastText: string | null = null;
  for (const { name, kind } of await controls(page)) {
    const vehicle = /^vehicle\d(Year|Make|Model)$/.exec(name)?.[1];
    const field = `.quote-form .field:has([name="${name}"])`;
    if (vehicle !== undefined) {
      const value = VEHICLE[vehicle] ?? '';
      const tile = `${field} .vehicle-tiles button:text-is("${value}")`;
      await page.locator(tile).first().waitFor(WAIT);
      await press(tile);
      lastText = null;
    } else if (kind === 'radio') {
      await press(`.quote-form label:has(input[name="${name}"])`);
      lastText = null;
    } else if (kind === 'select') {
      const select = page.locator(`select[name="${name}"]`);
      const value = name.endsWith('Month')
        ? '4'
        : ((await select.locator('option:not([disabled]):not([value=""])').first().getAttribute('value')) ?? '');
      await select.selectOption(value);
      lastText = null;
    } else if (kind !== 'checkbox' && kind !== 'hidden') {
      const value = TEXT.find(([pattern]) => pattern.test(name))?.[1];
      if (value === undefined) continue;
      // On a laptop the optional apartment line is left empty, as most visitors leave it and as
      // the funnel audit's desktop walk does: the street is the last answer, the focus stays there.
      if (!screen.touch && /Address2$/.test(name)) continue;
      const input = page.locator(`input[name="${name}"]`);
      if ((await input.inputValue()) !== '') continue;
      await press(`input[name="${name}"]`);
      // The tap on a text box opens the keyboard: the screen above it shrinks.
      if (screen.keyboard) await page.setViewportSize(screen.viewport);
      await input.pressSequentially(value);
      lastText = name;
    }
  }
  return lastText;
}

/** The keyboard closes: nothing has focus, and the call bar (hidden while a field has focus) is back. */
async function keyboardClosed(page: Page): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.waitForFunction(() => {
    const bar = document.querySelector('[data-call-bar]');
    return !bar || getComputedStyle(bar).display === 'none' || getComputedStyle(bar).visibility === 'visible';
  }, WAIT);
}

/** Lines of text left cut in half by the sticky header's bottom edge (a headline's last line under it). */
function cutUnderHeader(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    let edge = 0;
    for (const el of document.querySelectorAll('[data-sticky]')) edge += el.getBoundingClientRect().height;
    const cut: string[] = [];
    const main = document.querySelector('main');
    if (!main || edge === 0) return cut;
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      if (!text || !node.parentElement?.checkVisibility()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const line of range.getClientRects()) {
        // More than a sliver on each side of the edge: a line visibly cut, not one just touching it.
        if (line.top < edge - 3 && line.bottom > edge + 3 && line.width > 0) cut.push(text.slice(0, 40));
      }
    }
    return [...new Set(cut)];
  });
}

/** What on a one-tap step still looks like a form: a radio circle drawn, or a Continue button shown. */
function oneTapChrome(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const input of document.querySelectorAll<HTMLInputElement>('.quote-form .choices.tiles input')) {
      const box = input.getBoundingClientRect();
      if (box.width > 1 && box.height > 1 && getComputedStyle(input).opacity !== '0') out.push('radio circle');
    }
    const main = document.querySelector<HTMLElement>('.quote-form .form-actions .btn');
    if (main?.checkVisibility()) out.push(`button "${main.textContent}"`);
    return [...new Set(out)];
  });
}

/**
 * A fresh visitor on the context's page (cookies cleared, an address of its own, the clock
 * pinned on the Worker and in the page), at the form's first step.
 */
export async function startWalk(context: BrowserContext, page: Page, walk: FormWalk): Promise<void> {
  const { screen, hours } = walk;
  await context.clearCookies();
  await page.setExtraHTTPHeaders({ 'cf-connecting-ip': loopbackIp(), 'x-dev-clock': HOURS[hours].toISOString() });
  await page.clock.setFixedTime(HOURS[hours]);
  await page.setViewportSize(screen.keyboard ? PHONE.viewport : screen.viewport);
  await page.goto(`${brandOrigin(walk.brand)}${walk.path}`);
  await page.waitForSelector('[data-island="quote-form"][data-hydrated]', { state: 'attached', ...WAIT });
}

/**
 * Walks the form from its first step to its last, answering every question; after each step's
 * last answer, measures the main action (the tiles of a one-tap step, before the tap that is
 * its answer). Returns one place per step.
 */
export async function walkForm(page: Page, walk: FormWalk): Promise<StepPlace[]> {
  const { screen } = walk;
  const form = formDefinition(walk.form);
  const places: StepPlace[] = [];
  for (const [index, step] of form.steps.entries()) {
    if (index > 0) {
      await page.waitForURL((url) => url.pathname === `${walk.path}/${step.name}`, WAIT);
      await page.waitForSelector('.quote-form form h2:focus', WAIT);
    }
    // The phone's keyboard is closed when a step opens (it opens at the tap on a text box).
    if (screen.keyboard) await page.setViewportSize(PHONE.viewport);
    await pageAtRest(page);
    const cut = index > 0 ? await cutUnderHeader(page) : [];
    const oneTap = isOneTapStep(step);
    if (oneTap) {
      places.push({
        step: step.name,
        oneTap,
        cut,
        oneTapChrome: await oneTapChrome(page),
        ...(await mainActionPlace(page)),
      });
      const tile = '.quote-form .choices.tiles label';
      await (screen.touch ? page.locator(tile).first().tap() : page.locator(tile).first().click());
      continue;
    }
    const lastText = await answerStep(page, screen);
    // The keyboard closes after the last answer, except on the keyboard's screen, where it stays
    // open; there the consent step's button follows the consent text, which is never hidden to
    // make room, and comes into view as the keyboard closes (docs/decisions/0290-main-action-in-view.md).
    // A laptop has no keyboard to close: the visitor looks for the button with the focus still in the last box.
    if (screen.touch && (lastText === null || !screen.keyboard || step.consent)) await keyboardClosed(page);
    places.push({ step: step.name, oneTap, cut, oneTapChrome: [], ...(await mainActionPlace(page)) });
    if (index === form.steps.length - 1) break;
    const main = '.quote-form .form-actions .btn';
    // The keyboard's Go key while it is open (the main button may be under it), else a tap.
    if (lastText !== null && screen.keyboard) await page.locator(`input[name="${lastText}"]`).press('Enter');
    else await (screen.touch ? page.locator(main).tap() : page.locator(main).click());
  }
  return places;
}

/** A place that misses the rule, as one line for a failure message; null when it holds. */
export function misplaced(place: StepPlace): string | null {
  const problems: string[] = [];
  if (place.label === null) problems.push('no main action');
  else {
    if (place.bottom > place.floor) problems.push(`bottom ${place.bottom} below ${place.floor}`);
    if (place.top < place.ceiling) problems.push(`top ${place.top} under the header (${place.ceiling})`);
    if (!place.onTop) problems.push('covered');
  }
  if (place.oneTapChrome.length) problems.push(`one-tap step shows ${place.oneTapChrome.join(', ')}`);
  if (place.cut.length) problems.push(`cut under the header: ${place.cut.join(' | ')}`);
  return problems.length ? `${place.step}: ${problems.join('; ')}` : null;
}

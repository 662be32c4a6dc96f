/**
 * Where a form step's main action (Continue) stands, as a visitor sees it: read by the funnel
 * audit (audit/funnel.ts) and the browser tests (tests/e2e/continue-in-view.e2e.test.ts), so
 * both judge "Continue visible" by one rule.
 */
import type { Page } from 'playwright-core';

/**
 * Waits until the page has stopped scrolling for several frames (a step change and a completed
 * step scroll smoothly), as a visitor reads the page once it is still; returns the resting scrollY.
 */
export function pageAtRest(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const began = performance.now();
        let last = -1;
        let still = 0;
        const tick = () => {
          still = scrollY === last ? still + 1 : 0;
          last = scrollY;
          if (still >= 6 || performance.now() - began > 3000) resolve(scrollY);
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
  );
}

/** Once the page is at rest: is the step's main action wholly in the viewport and not under a fixed bar? */
export async function mainActionInView(page: Page): Promise<boolean> {
  await pageAtRest(page);
  return page.evaluate(() => {
    const button = document.querySelector<HTMLElement>('.quote-form .form-actions .btn');
    if (!button) return false;
    const box = button.getBoundingClientRect();
    if (box.top < 0 || box.bottom > innerHeight) return false;
    const x = box.left + box.width / 2;
    return [box.top + 2, box.bottom - 2].every((y) => button.contains(document.elementFromPoint(x, y)));
  });
}

/** Where the main action stands against what may cover it, in viewport pixels (for a test's message). */
export interface MainActionPlace {
  /** The button's label, or null when the step shows none. */
  label: string | null;
  top: number;
  bottom: number;
  /** The bottom of the sticky header(s) and the top of the call bar (the viewport's bottom when it is hidden). */
  ceiling: number;
  floor: number;
  /** Nothing else is drawn over the button's top and bottom edges. */
  onTop: boolean;
}

/**
 * Once the page is at rest: the main action's box against the sticky header above and, below,
 * the call bar's top or the viewport's bottom, whichever is higher. A one-tap step has no main
 * button: its tiles are the action, and the last tile is measured.
 */
export async function mainActionPlace(page: Page): Promise<MainActionPlace> {
  await pageAtRest(page);
  return page.evaluate(() => {
    const button = document.querySelector<HTMLElement>('.quote-form .form-actions .btn');
    const target = button?.checkVisibility()
      ? button
      : ([...document.querySelectorAll<HTMLElement>('.quote-form .choices.tiles label')].at(-1) ?? null);
    const bar = document.querySelector('[data-call-bar]');
    const barBox = bar?.getBoundingClientRect();
    const barShown = bar && barBox && barBox.height > 0 && getComputedStyle(bar).visibility !== 'hidden';
    const floor = Math.min(innerHeight, barShown ? barBox.top : innerHeight);
    let ceiling = 0;
    for (const el of document.querySelectorAll('[data-sticky]')) ceiling += el.getBoundingClientRect().height;
    if (!target) return { label: null, top: 0, bottom: 0, ceiling, floor, onTop: false };
    const box = target.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const onTop = [box.top + 2, box.bottom - 2].every((y) => target.contains(document.elementFromPoint(x, y)));
    return {
      label: target.textContent,
      top: Math.round(box.top),
      bottom: Math.round(box.bottom),
      ceiling: Math.round(ceiling),
      floor: Math.round(floor),
      onTop,
    };
  });
}

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

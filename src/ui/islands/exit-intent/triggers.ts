/**
 * What counts as exit intent (spec sections 4 and 9), each trigger optional per page:
 * - desktop: the pointer leaves the page through the top edge;
 * - touch: a fast upward swipe (toward the address bar), scaled by touchDeviceSensitivity,
 *   counted only while the visitor is active (idle for less than idleTime);
 * - scrolled past scrollPercentageToTrigger percent (checked scrollDebounce ms after scrolling stops);
 * - delaySecondsAndTrigger seconds after load; inactiveSecondsAndTrigger seconds without input;
 * - on page load.
 * Returns a function that removes every listener and timer.
 */
import type { ExitIntentOptions } from '../../../routes/schema';

export function watchExitIntent(options: ExitIntentOptions, fire: () => void): () => void {
  const cleanups: (() => void)[] = [];
  const on = <K extends keyof DocumentEventMap>(
    target: Document | Window,
    type: K,
    handler: (e: DocumentEventMap[K]) => void,
  ) => {
    target.addEventListener(type, handler as EventListener, { passive: true });
    cleanups.push(() => target.removeEventListener(type, handler as EventListener));
  };
  const timer = (ms: number, fn: () => void) => {
    const id = window.setTimeout(fn, ms);
    cleanups.push(() => window.clearTimeout(id));
  };
  let lastActive = Date.now();
  const touch = 'ontouchstart' in window || navigator.maxTouchPoints > 0;

  if (options.triggerOnExitIntent && touch && options.touchDeviceSensitivity > 0) {
    let startY = 0;
    let startAt = 0;
    let tracking = false;
    on(document, 'touchstart', (e) => {
      const first = e.touches[0];
      // A swipe that starts at the very top is pull-to-refresh territory, not leaving.
      tracking = window.scrollY > 0 && first !== undefined;
      startY = first?.clientY ?? 0;
      startAt = Date.now();
    });
    on(document, 'touchmove', (e) => {
      const y = e.touches[0]?.clientY;
      if (!tracking || y === undefined) return;
      const distance = y - startY; // finger moving down = page scrolling up
      const elapsed = Math.max(1, Date.now() - startAt);
      if (
        distance > 0 &&
        (distance / elapsed) * options.touchDeviceSensitivity > 100 &&
        Date.now() - lastActive < options.idleTime
      ) {
        tracking = false;
        fire();
      }
    });
    on(document, 'touchend', () => {
      tracking = false;
    });
  } else if (options.triggerOnExitIntent) {
    on(document, 'mouseout', (e) => {
      if (e.relatedTarget === null && e.clientY <= 0) fire();
    });
  }

  if (options.scrollPercentageToTrigger > 0) {
    let debounce: number | undefined;
    on(window, 'scroll', () => {
      window.clearTimeout(debounce);
      debounce = window.setTimeout(() => {
        const scrollable = document.documentElement.scrollHeight - window.innerHeight;
        if (scrollable > 0 && (window.scrollY / scrollable) * 100 >= options.scrollPercentageToTrigger) fire();
      }, options.scrollDebounce);
    });
    cleanups.push(() => window.clearTimeout(debounce));
  }

  let idle: number | undefined;
  const armIdle = () => {
    if (options.inactiveSecondsAndTrigger <= 0) return;
    window.clearTimeout(idle);
    idle = window.setTimeout(fire, options.inactiveSecondsAndTrigger * 1000);
  };
  const active = () => {
    lastActive = Date.now();
    armIdle();
  };
  for (const type of ['mousemove', 'keydown', 'scroll', 'touchstart'] as const) on(document, type, active);
  armIdle();
  cleanups.push(() => window.clearTimeout(idle));

  if (options.delaySecondsAndTrigger > 0) timer(options.delaySecondsAndTrigger * 1000, fire);
  if (options.triggerOnPageLoad) timer(0, fire);

  return () => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  };
}

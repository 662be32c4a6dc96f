/**
 * Spec sections 2 and 9: scrolling lands the target 24 px below any sticky header or banner
 * ([data-sticky]). Browser-only functions, kept outside src/ui/client so the islands (which
 * also render on the server) and the main script share one rule.
 */
export const SCROLL_OFFSET_PX = 24;

export function stickyHeight(): number {
  let total = 0;
  for (const el of document.querySelectorAll<HTMLElement>('[data-sticky]')) total += el.getBoundingClientRect().height;
  return total;
}

/**
 * Smooth, unless the visitor asked for reduced motion: a script's explicit `smooth` is not
 * overridden by the stylesheet's `scroll-behavior`, so it is decided here.
 */
function motion(): ScrollBehavior {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}

/** Scrolls so the element's top is visible below sticky bars (smooth after a step change). */
export function scrollToElement(el: Element, behavior: ScrollBehavior = motion()): void {
  const top = el.getBoundingClientRect().top + window.scrollY - SCROLL_OFFSET_PX - stickyHeight();
  window.scrollTo({ top: Math.max(0, top), behavior });
}

/**
 * Brings an element wholly into view above the fixed call bar, moving the page as little as it
 * can and never pushing the element's top under the sticky bars (smoothly, or at once for a
 * visitor who asked for reduced motion).
 */
export function revealAboveCallBar(el: Element): void {
  const box = el.getBoundingClientRect();
  const bar = document.querySelector('[data-call-bar]')?.getBoundingClientRect();
  const barTop = bar && bar.height > 0 && bar.top < window.innerHeight ? bar.top : window.innerHeight;
  const by = Math.min(box.bottom - (barTop - SCROLL_OFFSET_PX), box.top - (stickyHeight() + SCROLL_OFFSET_PX));
  if (box.bottom > barTop && by > 0) window.scrollBy({ top: by, behavior: motion() });
}

/**
 * With a phone's keyboard open over the lower half of the screen, brings the step's main action
 * up above the keyboard, as far as the field being typed in stays in view under the sticky bars
 * (the field comes first: the visitor is typing in it). Nothing moves when the action already shows.
 */
export function revealBelowField(action: Element, field: Element): void {
  const floor = window.visualViewport?.height ?? window.innerHeight;
  const over = action.getBoundingClientRect().bottom - (floor - 8);
  if (over <= 0) return;
  const by = Math.min(over, field.getBoundingClientRect().top - (stickyHeight() + 8));
  if (by > 0) window.scrollBy({ top: by, behavior: motion() });
}

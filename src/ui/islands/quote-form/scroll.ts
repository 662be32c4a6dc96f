/**
 * Spec sections 2 and 9: after moving on, the top of the form scrolls into view smoothly,
 * allowing 24 px plus the height of any sticky header or banner ([data-sticky]). The same
 * rule as scrollToElement in src/ui/client/navigation.ts, which the Worker's tsconfig
 * project cannot import (islands render on both sides).
 */
export const SCROLL_OFFSET_PX = 24;

export function scrollFormIntoView(el: Element): void {
  let sticky = 0;
  for (const bar of document.querySelectorAll<HTMLElement>('[data-sticky]')) sticky += bar.getBoundingClientRect().height;
  const top = el.getBoundingClientRect().top + window.scrollY - SCROLL_OFFSET_PX - sticky;
  window.scrollTo({ top: Math.max(0, top), behavior: 'smooth' });
}

/** Spec section 9: loading bar 200 ms throttle, 2000 ms duration, 3 px (#d33636, in CSS). */
export const LOADING_BAR = { throttleMs: 200, durationMs: 2000 } as const;

let timer: number | undefined;
let ticker: number | undefined;

function bar(): HTMLElement | null {
  return document.getElementById('loading-bar');
}

/** Starts the bar after the throttle, so fast navigations never flash it. */
export function startLoading(): void {
  const el = bar();
  if (!el || timer !== undefined) return;
  timer = window.setTimeout(() => {
    let progress = 0;
    el.classList.add('is-loading');
    const step = 100 / (LOADING_BAR.durationMs / 100);
    ticker = window.setInterval(() => {
      progress = Math.min(progress + step * (1 - progress / 100), 95);
      el.style.width = `${progress}%`;
    }, 100);
  }, LOADING_BAR.throttleMs);
}

export function finishLoading(): void {
  const el = bar();
  window.clearTimeout(timer);
  window.clearInterval(ticker);
  timer = undefined;
  if (!el) return;
  el.style.width = '100%';
  window.setTimeout(() => {
    el.classList.remove('is-loading');
    el.style.width = '0';
  }, 300);
}

/** Page loads start on same-origin link clicks and form submits, and end on pageshow. */
export function startLoadingBar(): void {
  document.addEventListener('click', (event) => {
    const a = event.target instanceof Element ? event.target.closest('a') : null;
    if (!a || event.defaultPrevented || a.target === '_blank' || event.metaKey || event.ctrlKey) return;
    if (a.origin === location.origin && a.pathname !== location.pathname) startLoading();
  });
  document.addEventListener('submit', (event) => {
    if (!event.defaultPrevented) startLoading();
  });
  window.addEventListener('pageshow', finishLoading);
  window.addEventListener('quote:navigation-start', startLoading);
  window.addEventListener('quote:navigation-end', finishLoading);
}

import { fetchWithRetry } from '../../shared/fetch-client';
import { navigateTo } from '../navigate';
import { scrollToElement, stickyHeight } from '../scroll';

/**
 * On page entry: to the anchor when the address has a hash (below the sticky header),
 * otherwise the top. Keeps --sticky-h current for CSS scroll-padding. With `report`, refused
 * navigations and failed chunks go to error reporting. Measuring the sticky bars forces a
 * layout: in the page's first task only when something shown at once depends on it (the
 * anchor, a confirmation's height), otherwise through `later`, once the page has painted.
 */
export function startNavigation(
  report?: (kind: 'navigation' | 'chunk', message: string) => void,
  later: (work: () => void) => void = (work) => work(),
): void {
  if (report) {
    listenForNavigation((message) => report('navigation', message));
    // Spec section 8: a failed page chunk is reported as 'Chunk Error' (src/ui/client/reload-guard.ts).
    window.addEventListener('client-error', (event) => {
      const detail: unknown = event instanceof CustomEvent ? event.detail : null;
      const reason =
        detail && typeof detail === 'object' && 'reason' in detail && typeof detail.reason === 'string'
          ? detail.reason
          : 'Chunk Error';
      report('chunk', reason);
    });
  }
  const measure = () => document.documentElement.style.setProperty('--sticky-h', `${stickyHeight()}px`);
  const target = anchorTarget(location.hash);
  if (target || document.querySelector('.confirmation')) measure();
  else later(measure);
  if (target) scrollToElement(target, 'auto');
}

/**
 * The element a #fragment names, or null. A malformed fragment (a lone %, broken UTF-8) is
 * harmless: decodeURIComponent would throw and stop the page's script, so it is tried raw.
 */
export function anchorTarget(hash: string): HTMLElement | null {
  const raw = hash.slice(1);
  if (!raw) return null;
  let id = raw;
  try {
    id = decodeURIComponent(raw);
  } catch {
    // not percent-encoded text: look the fragment up as written
  }
  return document.getElementById(id);
}

/** Spec section 8: a newer deployment makes the next in-page navigation a full load. */
export function watchDeployments(intervalMs = 5 * 60_000): void {
  const current = document.documentElement.getAttribute('data-build');
  if (!current) return;
  const check = async () => {
    if (document.visibilityState !== 'visible') return;
    try {
      const res = await fetchWithRetry(`/build/manifest.json?t=${Date.now()}`, { cache: 'no-store' });
      if (!res.ok) return;
      const data: unknown = await res.json();
      const latest = data && typeof data === 'object' && 'buildId' in data ? String(data.buildId) : null;
      if (latest && latest !== current) document.documentElement.setAttribute('data-stale-build', latest);
    } catch {
      // Spec section 8: a failed manifest fetch is only logged; offline is normal on a phone.
    }
  };
  window.setInterval(() => void check(), intervalMs);
}

/** The window event any island or tag-manager script may dispatch to navigate under the guards. */
export const NAVIGATE_EVENT = 'quote:navigate';

/**
 * Listens for `quote:navigate` ({ detail: { to, external?, replace? } }). A refused navigation
 * is reported to error reporting (kind 'navigation', with the spec's message) and the page stays.
 */
export function listenForNavigation(report: (message: string) => void): void {
  window.addEventListener(NAVIGATE_EVENT, (event) => {
    const detail: unknown = event instanceof CustomEvent ? event.detail : null;
    if (!detail || typeof detail !== 'object' || !('to' in detail) || typeof detail.to !== 'string') return;
    const external = 'external' in detail && detail.external === true;
    const replace = 'replace' in detail && detail.replace === true;
    try {
      navigateTo(detail.to, { external, replace });
    } catch (error) {
      report(error instanceof Error ? error.message : String(error));
    }
  });
}

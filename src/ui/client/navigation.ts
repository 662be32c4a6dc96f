import { scrollToElement, stickyHeight } from '../scroll';

/**
 * On page entry: to the anchor when the address has a hash (below the sticky header),
 * otherwise the top. Keeps --sticky-h current for CSS scroll-padding.
 */
export function startNavigation(): void {
  document.documentElement.style.setProperty('--sticky-h', `${stickyHeight()}px`);
  const id = decodeURIComponent(location.hash.slice(1));
  const target = id ? document.getElementById(id) : null;
  if (target) scrollToElement(target, 'auto');
}

/** Spec section 8: a newer deployment makes the next in-page navigation a full load. */
export function watchDeployments(intervalMs = 5 * 60_000): void {
  const current = document.documentElement.getAttribute('data-build');
  if (!current) return;
  const check = async () => {
    if (document.visibilityState !== 'visible') return;
    try {
      const res = await fetch(`/build/manifest.json?t=${Date.now()}`, { cache: 'no-store' });
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

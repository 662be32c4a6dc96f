/**
 * One delegated listener for every link and button (spec section 2: clicks are tracked):
 * elementClicked for each, ctcClicked for call-to-call links ([data-track="ctc"]),
 * ctcReturned when the visitor comes back to the page after one (the call ended), and
 * learnMoreClicked for learn-more links and buttons ([data-track="learn-more"]).
 */
type Track = (
  event: 'elementClicked' | 'ctcClicked' | 'ctcReturned' | 'learnMoreClicked',
  props: Record<string, unknown>,
) => void;

const TEXT_MAX = 80;

function label(el: Element): string {
  const text = (el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, ' ').trim();
  return text.slice(0, TEXT_MAX);
}

/** A link target without its query (which may carry personal fields) and without tel digits. */
function target(el: Element): string | null {
  const href = el.getAttribute('href');
  if (!href) return null;
  if (href.startsWith('tel:')) return 'tel';
  try {
    const url = new URL(href, location.href);
    return url.origin === location.origin ? url.pathname : `${url.origin}${url.pathname}`;
  } catch {
    return null;
  }
}

export function startClickTracking(track: Track): void {
  let ctcAt: number | null = null;
  document.addEventListener(
    'click',
    (event) => {
      const el =
        event.target instanceof Element
          ? event.target.closest('a, button, [role="button"], input[type="submit"], input[type="button"]')
          : null;
      if (!el) return;
      const trackAs = el.closest('[data-track]')?.getAttribute('data-track') ?? null;
      track('elementClicked', {
        element: el.tagName.toLowerCase(),
        text: label(el),
        href: target(el),
        elementId: el.id || null,
        trackAs,
      });
      if (trackAs === 'ctc') {
        ctcAt = Date.now();
        track('ctcClicked', { href: target(el), text: label(el) });
      }
      if (trackAs === 'learn-more') track('learnMoreClicked', { href: target(el), text: label(el) });
    },
    { capture: true, passive: true },
  );
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible' || ctcAt === null) return;
    track('ctcReturned', { awaySeconds: Math.round((Date.now() - ctcAt) / 1000) });
    ctcAt = null;
  });
}

import { callHoursHour } from '../../shared/phone/copy-hour';
import { publishCallHours } from '../call-hours-source';
import { LIVE_ISLAND } from '../islands/registry';
import { pageContextJson } from './tracker/page-context';

/**
 * The call copy the server rendered outside the islands (header, form slot,
 * listings, reviews) is re-read on the visitor's clock on load, when the hours change while
 * the page is open, and when the page is shown again (back/forward cache, a background tab):
 * a page from any cache never says "Call now" to nobody. The copy is the same for a whole UTC
 * hour, and the Worker says which hour it rendered (page context `callHoursHour`): in that hour
 * nothing is computed (no time-zone work in the page's first task, no working-hours code
 * downloaded); in another, the working-hours code is imported (src/ui/client/call-hours-copy.ts)
 * and the copy repainted, then published for the islands (src/ui/call-hours-source.ts).
 */

type Report = (kind: 'chunk', message: string) => void;

export function startCallHours(report: Report, doc: Document = document): void {
  const context = pageContextJson(doc);
  const page = context.page;
  const language =
    typeof page === 'object' && page !== null && (page as { language?: unknown }).language === 'spanish'
      ? 'spanish'
      : 'english';
  const utmMedium = new URLSearchParams(window.location.search).get('utm_medium');
  const brand = context.brand;
  const place = {
    brand:
      typeof brand === 'object' && brand !== null && typeof (brand as { id?: unknown }).id === 'string'
        ? (brand as { id: string }).id
        : null,
    timeZone: typeof context.callHoursZone === 'string' ? context.callHoursZone : null,
  };
  // The hour whose copy the page shows (an error page says none: computed on load).
  let shown = typeof context.callHoursHour === 'number' ? context.callHoursHour : null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const update = () => {
    const now = new Date();
    const hour = callHoursHour(now);
    // Again at the next hour: the copy only changes on whole UTC hours.
    clearTimeout(timer);
    timer = setTimeout(update, Math.max(1000, (hour + 1) * 3_600_000 - now.getTime() + 500));
    if (hour === shown) return;
    shown = hour;
    import('./call-hours-copy').then(
      ({ callHoursOf, paintCallHours }) => {
        const hours = callHoursOf(language, new Date(), utmMedium, place);
        // Islands paint their own buttons (from what is published below); a dormant one's are the page's.
        paintCallHours(doc, hours, (el) => !el.closest(LIVE_ISLAND));
        publishCallHours(language, hours);
      },
      (error: unknown) => {
        // A deployment replaced the chunk: the page keeps its copy; the next check tries again.
        shown = null;
        report('chunk', error instanceof Error ? error.message : 'call hours chunk failed');
      },
    );
  };
  update();
  window.addEventListener('pageshow', update);
  doc.addEventListener('visibilitychange', () => {
    if (doc.visibilityState === 'visible') update();
  });
}

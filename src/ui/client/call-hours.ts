import { callHours, type CallHours } from '../../shared/phone/call-hours';
import { nextHoursChange } from '../../shared/phone/working-hours';
import { ISLAND_ATTR } from '../islands/registry';
import { pageContextJson } from './tracker/page-context';

/**
 * Issue 15, item 4: the call copy the server rendered outside the islands (header, form slot,
 * listings, reviews) is re-read on the visitor's clock on load, when the hours change while
 * the page is open, and when the page is shown again (back/forward cache, a background tab):
 * a page from any cache never says "Call now" to nobody. Islands do the same themselves
 * (src/ui/islands/use-call-hours.ts).
 */
function paint(doc: Document, hours: CallHours): void {
  const outside = (el: Element) => !el.closest(`[${ISLAND_ATTR}]`);
  for (const label of doc.querySelectorAll('[data-call-label]')) {
    if (outside(label) && label.textContent !== hours.label) label.textContent = hours.label;
  }
  for (const note of doc.querySelectorAll<HTMLElement>('[data-call-hours]')) {
    if (!outside(note)) continue;
    const text = note.dataset.callHours === 'short' ? hours.short : hours.line;
    let span = note.querySelector('.call-hours__text');
    if (!span) {
      span = doc.createElement('span');
      span.className = 'call-hours__text';
      note.prepend(span);
    }
    if (span.textContent !== text) span.textContent = text;
  }
}

export function startCallHours(doc: Document = document): void {
  const page = pageContextJson(doc).page;
  const language =
    typeof page === 'object' && page !== null && (page as { language?: unknown }).language === 'spanish'
      ? 'spanish'
      : 'english';
  const utmMedium = new URLSearchParams(window.location.search).get('utm_medium');
  let timer: ReturnType<typeof setTimeout> | undefined;
  const update = () => {
    const now = new Date();
    paint(doc, callHours(language, now, utmMedium));
    // Again when agents arrive or leave (and hourly at most, for "today"/"tomorrow" across midnight).
    const change = nextHoursChange(now, utmMedium);
    const wait = Math.min(change ? change.getTime() - now.getTime() : Infinity, 60 * 60 * 1000);
    clearTimeout(timer);
    timer = setTimeout(update, Math.max(1000, wait + 500));
  };
  update();
  window.addEventListener('pageshow', update);
  doc.addEventListener('visibilitychange', () => {
    if (doc.visibilityState === 'visible') update();
  });
}

/**
 * The working-hours code and the repaint, loaded by the main script only when a page is shown
 * in another hour than the Worker rendered its call copy for (a page from a cache, one left
 * open across the hour, a visitor's clock that disagrees): most page views never download it.
 * Imports nothing the main script also imports, so the bundler makes no shared chunk every
 * page would fetch.
 */
import type { Language } from '../../routes/schema';
import { closedDatesOf } from '../../../brands/closures';
import { callHours, type CallHours } from '../../shared/phone/call-hours';

/** The copy on the visitor's clock, with the brand's closed dates, in the zone the Worker wrote the page in. */
export function callHoursOf(
  language: Language,
  now: Date,
  utmMedium: string | null,
  place: { brand: string | null; timeZone: string | null },
): CallHours {
  return callHours(language, now, utmMedium, {
    closed: closedDatesOf(place.brand),
    ...(place.timeZone ? { timeZone: place.timeZone } : {}),
  });
}

/** Writes the copy into the call buttons and notes the server rendered (`paints` picks them: not the islands'). */
export function paintCallHours(doc: Document, hours: CallHours, paints: (el: Element) => boolean): void {
  for (const label of doc.querySelectorAll('[data-call-label]')) {
    if (paints(label) && label.textContent !== hours.label) label.textContent = hours.label;
  }
  for (const note of doc.querySelectorAll<HTMLElement>('[data-call-hours]')) {
    if (!paints(note)) continue;
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

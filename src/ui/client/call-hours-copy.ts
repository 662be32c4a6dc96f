/**
 * The working-hours code and the repaint, loaded by the main script only when a page is shown
 * in another hour than the Worker rendered its call copy for (a page from a cache, one left
 * open across the hour, a visitor's clock that disagrees): most page views never download it.
 * Imports nothing the main script also imports, so the bundler makes no shared chunk every
 * page would fetch.
 */
import type { CallHours } from '../../shared/phone/call-hours';

export { callHours } from '../../shared/phone/call-hours';

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

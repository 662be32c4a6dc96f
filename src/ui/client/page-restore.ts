import { latestStateStamp, noteStateChanged } from '../state-stamp';
import { pageContextJson } from './tracker/page-context';
import { isObject, readJson, writeJson } from './tracker/storage';

/**
 * Pages with nothing of the visitor's are sent `private, no-cache`
 * (src/worker/pages.ts), so the browser may show them again on back and forward without the
 * Worker: from the back/forward cache (the document as it was, `pageshow` persisted) or from
 * its HTTP cache (the same response, its scripts run again). Shown again after the visitor's
 * state changed (src/ui/state-stamp.ts), the page is loaded afresh: the Worker renders the
 * answers, the lease or the confirmation. The rest follows the clock on its own: a lease
 * running out (src/ui/phone-source.ts) and the call hours (src/ui/client/call-hours.ts).
 */
const RECORDS_KEY = 'qf_pages';
const MAX_RECORDS = 30;

/** The state stamp each response of this tab shows, by response id. */
function readRecords(): Record<string, string | null> {
  const raw = readJson('session', RECORDS_KEY);
  if (!isObject(raw)) return {};
  const records: Record<string, string | null> = {};
  for (const [id, stamp] of Object.entries(raw)) {
    if (typeof stamp === 'string' || stamp === null) records[id] = stamp;
  }
  return records;
}

/** Remembers what a response shows; the tab's last few pages only (oldest dropped first). */
function writeRecord(id: string, stamp: string | null): void {
  const records = readRecords();
  delete records[id];
  records[id] = stamp;
  // Storage blocked or full: a page shown again from the HTTP cache is then kept as it is.
  writeJson('session', RECORDS_KEY, Object.fromEntries(Object.entries(records).slice(-MAX_RECORDS)));
}

/** This response's identity: its CSP nonce is new on every response the Worker sends. */
function responseId(): string | null {
  return document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce || null;
}

/**
 * True when the page is being loaded afresh (the caller starts nothing else). `later` runs
 * what can wait for a task of its own (remembering this response; pagehide does it again).
 */
export function startPageRestore(later: (work: () => void) => void = (work) => work()): boolean {
  const id = responseId();
  const entry = performance.getEntriesByType('navigation')[0];
  const backForward = entry instanceof PerformanceNavigationTiming && entry.type === 'back_forward';
  // A response this tab showed before: the HTTP cache gave it back on back/forward.
  const records = id && backForward ? readRecords() : {};
  const before = id !== null && id in records ? records[id] : undefined;
  if (before !== undefined && before !== latestStateStamp()) {
    location.reload();
    return true;
  }
  window.quoteStateSeen = before !== undefined ? before : latestStateStamp();
  // The Worker stored answers from this page's address (prefill): pages kept before are out of date.
  if (before === undefined && pageContextJson().answersFromAddress === true) noteStateChanged();
  const remember = () => {
    if (id) writeRecord(id, window.quoteStateSeen ?? null);
  };
  later(remember);
  window.addEventListener('pagehide', remember);
  window.addEventListener('pageshow', (event) => {
    if (event.persisted && (window.quoteStateSeen ?? null) !== latestStateStamp()) location.reload();
  });
  return false;
}

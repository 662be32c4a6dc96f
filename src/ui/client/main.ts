/**
 * The script every page loads (a few KB, no React): colour mode, loading bar, anchor
 * scrolling, deployment watch. Islands load separately, only where the page has one.
 */
import { startColourMode } from './colour-mode';
import { startLoadingBar } from './loading-bar';
import { startNavigation, watchDeployments } from './navigation';
import { startTracker, reportClientError } from './tracker';
import { readPageExtras } from './page-extras';
import { startLocation } from './location';
import { startPhoneLinks } from './phone-links';
import { startCallHours } from './call-hours';
import { startPageRestore } from './page-restore';

/**
 * Budgets: the page's first task does only what the first paint and the islands
 * need; the rest (storage, events, the spec's calls) runs in tasks of its own, queued in order
 * after it, so no task of a page load blocks input for long on a slow phone.
 */
const queue: (() => void)[] = [];
const runNext = () => {
  try {
    queue.shift()?.();
  } catch (error) {
    // As an uncaught error would be, without stopping the rest of the queue.
    reportError(error);
  }
};
const later = (work: () => void) => {
  queue.push(work);
  setTimeout(runNext, 0);
};
// A visitor leaving at once still sends what the page owes (its pageView, the spec's calls).
addEventListener('pagehide', () => {
  while (queue.length > 0) runNext();
});

// A page the browser showed again on back/forward is reloaded when out of date, before anything starts.
if (!startPageRestore(later)) {
  startColourMode();
  startNavigation(reportClientError, later);
  // Every call button shows the page's one number, and follows a new lease or its expiry.
  startPhoneLinks();
  // The call copy follows the working hours on the visitor's clock.
  startCallHours(reportClientError);
  startLoadingBar();
  // Its listeners now (islands announce their steps); its events and calls in the next tasks.
  startTracker(later);
  later(() => {
    watchDeployments();
    // The spec's calls on page entry: demand check, location.
    const extras = readPageExtras();
    // Only pages with a form have the hook, so its code comes only with them (bench/sizes.ts counts it there).
    if (extras.onEnter === 'demandCheck')
      import('./demand-check').then(
        ({ startDemandCheck }) => startDemandCheck(extras),
        // Spec section 8: a failed demand check is swallowed.
        () => undefined,
      );
    startLocation(extras, reportClientError);
  });
}

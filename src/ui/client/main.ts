/**
 * The script every page loads (a few KB, no React): colour mode, loading bar, anchor
 * scrolling, deployment watch. Islands load separately, only where the page has one.
 */
import { startColourMode } from './colour-mode';
import { startLoadingBar } from './loading-bar';
import { startNavigation, watchDeployments } from './navigation';
import { startTracker, reportClientError } from './tracker';
import { readPageExtras } from './page-extras';
import { startDemandCheck } from './demand-check';
import { startLocation } from './location';
import { startPhoneLinks } from './phone-links';
import { startCallHours } from './call-hours';
import { startPageRestore } from './page-restore';

// Issue 15, item 8: a page the browser showed again on back/forward is reloaded when out of date, before anything starts.
if (!startPageRestore()) {
  startTracker();
  // Issue 15: every call button shows the page's one number, and follows a new lease or its expiry.
  startPhoneLinks();
  // Issue 15, item 4: the call copy follows the working hours on the visitor's clock.
  startCallHours(reportClientError);
  startColourMode();
  startLoadingBar();
  startNavigation(reportClientError);
  watchDeployments();
  // The spec's calls on page entry (issue 10): demand check, location.
  const extras = readPageExtras();
  startDemandCheck(extras);
  startLocation(extras, reportClientError);
}

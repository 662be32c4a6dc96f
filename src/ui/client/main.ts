/**
 * The script every page loads (a few KB, no React): colour mode, loading bar, anchor
 * scrolling, deployment watch. Islands load separately, only where the page has one.
 */
import { startColourMode } from './colour-mode';
import { startLoadingBar } from './loading-bar';
import { startNavigation, watchDeployments } from './navigation';
import { startTracker } from './tracker';

startTracker();
startColourMode();
startLoadingBar();
startNavigation();
watchDeployments();

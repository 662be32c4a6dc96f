import { mainActionWalks } from './support/walk-suite';
import { LAPTOP } from './support/walk-steps';

/** Every step of every form on a 1366x768 laptop: see tests/e2e/support/walk-suite.ts. */
mainActionWalks(LAPTOP);

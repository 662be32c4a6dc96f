import { mainActionWalks } from './support/walk-suite';
import { PHONE } from './support/walk-steps';

/** Every step of every form on a 390x844 phone, keyboard closed: see tests/e2e/support/walk-suite.ts. */
mainActionWalks(PHONE);

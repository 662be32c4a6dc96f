import { mainActionWalks } from './support/walk-suite';
import { KEYBOARD } from './support/walk-steps';

/** Every step of every form on a phone with its keyboard open (390x500): see tests/e2e/support/walk-suite.ts. */
mainActionWalks(KEYBOARD);

import type { PageConfig, RouteRecord } from '../../routes/schema';
import type { FormDef, StepDef } from '../../shared/forms';

/** A step submit as the Worker received it (the island's JSON or a form post), before it is read. */
/** What the visitor asked for: submit, skip, or add/remove a driver or vehicle slot. */
export type StepAction = { kind: 'submit' } | { kind: 'skip' } | { kind: 'add' } | { kind: 'remove'; slot: number };

export interface StepSubmit {
  route: RouteRecord;
  config: PageConfig;
  form: FormDef;
  step: StepDef;
  submissionId: string;
  action: StepAction;
  /** Input values as posted (strings from a form post, scalars from JSON). */
  raw: Readonly<Record<string, unknown>>;
  consentVersion: string | null;
  /** The page address (personal query fields already removed). */
  pageUrl: string;
  /** The quote token the page sent, if any (checked on the final step, never blocking). */
  quoteToken: string | null;
  /** The Turnstile token of the final step (none without JavaScript) and the honeypot field's value. */
  turnstileToken?: string | null;
  honeypot?: string | null;
  /**
   * Without JavaScript, agents away: the last step's answers are stored, but the lead waits for
   * the visitor's call-back choice (src/worker/hours/callback-form.ts); nothing is recorded or sent.
   */
  holdFinal?: boolean;
}

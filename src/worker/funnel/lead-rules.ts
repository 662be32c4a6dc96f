/**
 * Lead rules on the server. A lead is `complete` only when
 * - every step of the form was submitted by this visitor, in the form's order, before the final
 *   one (the visitor's Durable Object keeps each accepted submission in order; a skipped step
 *   counts, since skipping is an answer);
 * - the final step gave consent (consent-given.ts): submitted, not skipped, with the current
 *   disclosure, and for Medicare at least one company ticked;
 * - the quote token of the final submit is valid for this visitor and ip;
 * - every started driver and vehicle is whole (src/shared/forms/complete-slots.ts): a vehicle
 *   without its model cannot be quoted, so its lead is `partial` (`slots`) whatever the page sent.
 * Otherwise the lead is stored as `partial` with its reasons, and nothing goes to partners:
 * no delivery, no certificate, and contact fields stay out of partner calls
 * (src/worker/consent/sharing.ts). Partial leads stay visible to operators.
 */
import type { Context } from 'hono';
import type { FormDef } from '../../shared/forms';
import { unfinishedFormSlots } from '../../shared/forms/complete-slots';
import type { FormValues } from '../../shared/json';
import type { AppEnv } from '../env';
import { visitorStub } from '../visitor';
import type { ConsentGap } from './consent-given';

/** `duplicate`: complete, but the same person's lead of the product was delivered already (final-step.ts). */
export type LeadStatus = 'complete' | 'partial' | 'duplicate';
export type PartialReason = 'steps' | 'quote_token' | 'slots' | ConsentGap;

export interface LeadRulesVerdict {
  status: LeadStatus;
  complete: boolean;
  reasons: PartialReason[];
}

/** Whether `history` (step names in submission order) holds every step of the form as an in-order subsequence. */
export function stepsInOrder(stepNames: readonly string[], history: readonly string[]): boolean {
  let next = 0;
  for (const name of history) {
    if (name === stepNames[next]) next += 1;
    if (next === stepNames.length) return true;
  }
  return next === stepNames.length;
}

export function judgeLead(input: {
  stepNames: readonly string[];
  history: readonly string[];
  consentGaps: readonly ConsentGap[];
  quoteTokenValid: boolean;
  /** Answers missing from started drivers or vehicles (unfinishedFormSlots). */
  unfinishedSlots: readonly string[];
}): LeadRulesVerdict {
  const reasons: PartialReason[] = [];
  if (!stepsInOrder(input.stepNames, input.history)) reasons.push('steps');
  if (input.unfinishedSlots.length > 0) reasons.push('slots');
  reasons.push(...input.consentGaps);
  if (!input.quoteTokenValid) reasons.push('quote_token');
  return { status: reasons.length === 0 ? 'complete' : 'partial', complete: reasons.length === 0, reasons };
}

/** The verdict for the final submit of `form` by this request's visitor. */
export async function leadRules(
  c: Context<AppEnv>,
  input: { form: FormDef; values: FormValues; consentGaps: readonly ConsentGap[]; quoteTokenValid: boolean },
): Promise<LeadRulesVerdict> {
  const history = await visitorStub(c.env, c.var.visitorId).stepHistory(input.form.id);
  return judgeLead({
    stepNames: input.form.steps.map((s) => s.name),
    history,
    consentGaps: input.consentGaps,
    quoteTokenValid: input.quoteTokenValid,
    unfinishedSlots: unfinishedFormSlots(input.form, input.values),
  });
}

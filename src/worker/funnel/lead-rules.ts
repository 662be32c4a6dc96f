/**
 * Lead rules on the server (issue 11, item 3). A lead is `complete` only when
 * - every step of the form was submitted by this visitor, in the form's order, before the final
 *   one (the visitor's Durable Object keeps each accepted submission in order; a skipped step
 *   counts, since skipping is an answer);
 * - the final step carried the current consent version (the disclosure the page shows now);
 * - the quote token of the final submit is valid for this visitor and ip.
 * Otherwise the lead is stored as `partial` with its reasons, and nothing goes to partners:
 * no lead delivery, and no consent acceptance, so contact fields stay out of partner calls
 * (src/worker/consent/sharing.ts). Partial leads stay visible to operators.
 */
import type { Context } from 'hono';
import type { Language } from '../../routes/schema';
import { currentConsent } from '../../shared/consent';
import type { FormDef } from '../../shared/forms';
import type { AppEnv } from '../env';
import { visitorStub } from '../visitor';

export type LeadStatus = 'complete' | 'partial';
export type PartialReason = 'steps' | 'consent' | 'quote_token';

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
  consentVersion: string | null;
  currentVersion: string;
  quoteTokenValid: boolean;
}): LeadRulesVerdict {
  const reasons: PartialReason[] = [];
  if (!stepsInOrder(input.stepNames, input.history)) reasons.push('steps');
  if (input.consentVersion !== input.currentVersion) reasons.push('consent');
  if (!input.quoteTokenValid) reasons.push('quote_token');
  return { status: reasons.length === 0 ? 'complete' : 'partial', complete: reasons.length === 0, reasons };
}

/** The verdict for the final submit of `form` by this request's visitor. */
export async function leadRules(
  c: Context<AppEnv>,
  input: { form: FormDef; consentVersion: string | null; quoteTokenValid: boolean; language: Language },
): Promise<LeadRulesVerdict> {
  const history = await visitorStub(c.env, c.var.visitorId).stepHistory(input.form.id);
  return judgeLead({
    stepNames: input.form.steps.map((s) => s.name),
    history,
    consentVersion: input.consentVersion,
    currentVersion: currentConsent(input.language, c.var.brand.name, input.form.product).version,
    quoteTokenValid: input.quoteTokenValid,
  });
}

/** A complete lead's consent is the visitor's acceptance: partners may now see contact fields. */
export async function acceptCompleteLead(
  c: Context<AppEnv>,
  verdict: LeadRulesVerdict,
  form: FormDef,
  version: string | null,
): Promise<void> {
  if (!verdict.complete || version === null) return;
  await visitorStub(c.env, c.var.visitorId).acceptConsent({ form: form.id, version, at: new Date().toISOString() });
}

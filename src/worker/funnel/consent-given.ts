/**
 * What the visitor agreed to on the consent step, read from the final submit itself: the action
 * (submit, or Skip), whether the disclosure posted is the one the page shows now, and for
 * Medicare which of the brand's companies were ticked. Consent is given only by a submit of the
 * current disclosure that names at least one company (Medicare, one checkbox per company) or,
 * for auto and life, by pressing the submit button the disclosure sits above (its text says
 * that pressing it is the agreement; there is no separate box).
 */
import type { Context } from 'hono';
import { currentConsent, type SellerChoice } from '../../shared/consent';
import type { FormDef, StepDef } from '../../shared/forms';
import type { Language } from '../../routes/schema';
import type { AppEnv } from '../env';
import { sellerChoicesFor } from '../consent/seller-consent';

export type ConsentGap = 'skipped' | 'consent' | 'no_company';

export interface ConsentGiven {
  action: 'submit' | 'skip';
  /** The disclosure version the page posted (only on a consent step). */
  version: string | null;
  /** Medicare: every company listed, each accepted or not; null for other products. */
  sellers: SellerChoice[] | null;
  /** True when the visitor gave consent to share their details with someone. */
  given: boolean;
  /** Why not, when not. */
  gaps: ConsentGap[];
}

export function consentGiven(
  c: Context<AppEnv>,
  input: {
    form: FormDef;
    step: StepDef;
    action: 'submit' | 'skip';
    postedVersion: string | null;
    raw: Readonly<Record<string, unknown>>;
    language: Language;
  },
): ConsentGiven {
  const version = input.step.consent ? input.postedVersion : null;
  const sellers = input.step.consent ? sellerChoicesFor(c.var.brand, input.form.product, input.raw) : null;
  const current = currentConsent(input.language, c.var.brand.name, input.form.product).version;
  const gaps: ConsentGap[] = [];
  if (input.action === 'skip') gaps.push('skipped');
  if (version !== current) gaps.push('consent');
  if (sellers && !sellers.some((s) => s.accepted)) gaps.push('no_company');
  return { action: input.action, version, sellers, given: gaps.length === 0, gaps };
}

/**
 * What the visitor agreed to on the consent step, read from the final submit itself: the action
 * (submit, or Skip), how the disclosure posted stands (the current one, or the one before inside
 * its grace window after a deploy: src/shared/consent/versions.ts), whether the consent's
 * <details> was opened, and for Medicare which of the brand's companies were ticked. Consent is
 * given only by a submit of such a disclosure that names at least one company (Medicare, one
 * checkbox per company) or, for auto and life, by pressing the submit button the disclosure sits
 * above (its text says that pressing it is the agreement; there is no separate box). A submit of
 * a stale or unknown disclosure is not a lead at all: the step is shown again with the current
 * text (consentAskedAgain).
 */
import type { Context } from 'hono';
import {
  adSharingChoiceOf,
  consentStanding,
  type AdSharingChoice,
  type ConsentStanding,
  type SellerChoice,
} from '../../shared/consent';
import type { FormDef, StepDef } from '../../shared/forms';
import type { Language } from '../../routes/schema';
import type { AppEnv } from '../env';
import { sellerChoicesFor } from '../consent/seller-consent';
import { requestNow } from '../hours/edge-clock';

export type ConsentGap = 'skipped' | 'consent' | 'no_company';

export interface ConsentGiven {
  action: 'submit' | 'skip';
  /** The disclosure version the page posted (only on a consent step). */
  version: string | null;
  /** How that version stands now: current, inside its grace window, or stale. */
  standing: ConsentStanding;
  /** Whether the consent's <details> was opened; 'not_measured' without JavaScript. */
  fullTextOpened: FullTextOpened;
  /** Medicare: every company listed, each accepted or not; null for other products. */
  sellers: SellerChoice[] | null;
  /** The ad-sharing box: ticked, shown and not ticked, or not on the page (null). */
  adSharing: AdSharingChoice | null;
  /** True when the visitor gave consent to share their details with someone. */
  given: boolean;
  /** Why not, when not. */
  gaps: ConsentGap[];
}

export type FullTextOpened = boolean | 'not_measured';

/** The query parameter of a consent step shown again because its version was no longer accepted. */
export const CONSENT_RENEWED_PARAM = 'consent';

/** The island's hidden field (consent-block.tsx): "yes" or "no"; anything else was not measured. */
function fullTextOpenedOf(raw: Readonly<Record<string, unknown>>): FullTextOpened {
  const value = raw.consentFullTextOpened;
  return value === 'yes' ? true : value === 'no' ? false : 'not_measured';
}

function standingOf(c: Context<AppEnv>, product: FormDef['product'], posted: string | null): ConsentStanding {
  return consentStanding(posted, product, requestNow(c.req.raw, c.env));
}

/**
 * A submit (not Skip) of a consent step whose posted version is stale or unknown: nothing is
 * recorded as a lead, and the step is shown again with the current text to be agreed to anew.
 */
export function consentAskedAgain(
  c: Context<AppEnv>,
  input: { form: FormDef; step: StepDef; action: 'submit' | 'skip'; postedVersion: string | null },
): boolean {
  // No version at all did not come from a page that showed one: that is a lead without consent
  // (kept as partial), not a visitor to ask again.
  if (!input.step.consent || input.action !== 'submit' || input.postedVersion === null) return false;
  return standingOf(c, input.form.product, input.postedVersion) === 'stale';
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
  const standing = standingOf(c, input.form.product, version);
  const gaps: ConsentGap[] = [];
  if (input.action === 'skip') gaps.push('skipped');
  if (standing === 'stale') gaps.push('consent');
  if (sellers && !sellers.some((s) => s.accepted)) gaps.push('no_company');
  const fullTextOpened = fullTextOpenedOf(input.raw);
  const adSharing = input.step.consent ? adSharingChoiceOf(input.raw) : null;
  return {
    action: input.action,
    version,
    standing,
    fullTextOpened,
    sellers,
    adSharing,
    given: gaps.length === 0,
    gaps,
  };
}

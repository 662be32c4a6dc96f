/**
 * The consent proof of a lead, after the lead row is written (issue 19): the Medicare seller
 * choices (recorded on the visitor for the sharing decision and on the lead), the GPC signal,
 * the TPMO disclaimer version, and the signed certificate. One call from the final step.
 */
import type { Context } from 'hono';
import { tpmoDisclaimerVersion, type SellerChoice } from '../../shared/consent';
import { stepFields, type FormDef, type StepDef } from '../../shared/forms';
import type { Language } from '../../routes/schema';
import type { AppEnv } from '../env';
import { sessionFromCookie } from '../tracking/session';
import { visitorStub } from '../visitor';
import { certifyLead } from './certificate';
import { gpcRequested } from './gpc';
import { sellerChoicesFor } from './seller-consent';

export interface FinalStepConsent {
  form: FormDef;
  step: StepDef;
  submissionId: string;
  language: Language;
  /** The submitted input as posted (seller checkboxes are read from it). */
  raw: Readonly<Record<string, unknown>>;
  /** The lead-defence verdict of this lead, when that issue has one (goes into the certificate). */
  trust?: unknown;
}

/** Whether this request or its session carries Global Privacy Control. */
export function gpcOf(c: Context<AppEnv>): boolean {
  return gpcRequested(c.req.raw) || sessionFromCookie(c)?.gpc === true;
}

/** Medicare seller choices of the final step (recorded on the visitor before any partner call); null for other products. */
export async function recordSellerChoices(
  c: Context<AppEnv>,
  input: Pick<FinalStepConsent, 'form' | 'step' | 'raw'>,
): Promise<SellerChoice[] | null> {
  const sellers = input.step.consent ? sellerChoicesFor(c.var.brand, input.form.product, input.raw) : null;
  if (sellers) await visitorStub(c.env, c.var.visitorId).recordSellerChoices(input.form.id, sellers);
  return sellers;
}

/** Records the consent details on the lead and issues its certificate; returns the certificate id (null without a key). */
export async function certifyFinalStep(c: Context<AppEnv>, input: FinalStepConsent): Promise<string | null> {
  const brand = c.var.brand;
  const stub = visitorStub(c.env, c.var.visitorId);
  const sellers = await recordSellerChoices(c, input);
  const steps = await stub.stepTimes(input.form.id).catch(() => []);
  return certifyLead(c.env, {
    visitorId: c.var.anonymousId,
    visitorObject: c.env.VISITOR.idFromName(c.var.visitorId).toString(),
    form: input.form.id,
    submissionId: input.submissionId,
    brand: { id: brand.id, name: brand.name },
    language: input.language,
    fieldLabels: stepFields(input.step).map((f) => f.label[input.language]),
    steps,
    gpc: gpcOf(c),
    sellers,
    disclaimerVersion: input.form.product === 'medicare' ? tpmoDisclaimerVersion().version : null,
    ...(input.trust !== undefined ? { trust: input.trust } : {}),
  });
}

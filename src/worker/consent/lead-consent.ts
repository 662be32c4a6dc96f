/**
 * The consent proof of a lead: the Medicare company choices recorded on the visitor, the GPC
 * signal, the TPMO disclaimer version and the signed certificate, for a final submit that gave
 * consent (final-step.ts decides; Skip, a stale disclosure or no company ticked get none).
 */
import type { Context } from 'hono';
import { adSharingLabel, tpmoDisclaimerVersion, type AdSharingChoice, type SellerChoice } from '../../shared/consent';
import { stepFields, type FormDef, type StepDef } from '../../shared/forms';
import type { Language } from '../../routes/schema';
import type { AppEnv } from '../env';
import { visitorStub } from '../visitor';
import { certifyLead } from './certificate';
import { optedOut } from './opt-out';
import { partnerListOf } from './partner-list';

export interface FinalStepConsent {
  form: FormDef;
  step: StepDef;
  submissionId: string;
  language: Language;
  /** Medicare: every company shown, each accepted or not; null for other products. */
  sellers: SellerChoice[] | null;
  /** The lead's verdict and reasons at signing. */
  trust: unknown;
  /** The lead's status at signing (complete or duplicate). */
  status: string;
  /** Who receives the lead's personal data. */
  recipients: { id: string; name: string }[];
  /** Whether the consent's <details> was opened ('not_measured' without JavaScript). */
  fullTextOpened?: boolean | 'not_measured';
  /** The ad-sharing box's answer (null: no box on the step). */
  adSharing?: AdSharingChoice | null;
}

/** Whether this request, its session or this browser carries an opt-out (GPC, do-not-sell). */
export function gpcOf(c: Context<AppEnv>): boolean {
  return optedOut(c);
}

/** Records the consent details on the lead and issues its certificate; returns the certificate id (null without a key). */
export async function certifyFinalStep(c: Context<AppEnv>, input: FinalStepConsent): Promise<string | null> {
  const brand = c.var.brand;
  const steps = await visitorStub(c.env, c.var.visitorId)
    .stepTimes(input.form.id)
    .catch(() => []);
  const partnerList = await partnerListOf(brand, input.form.product);
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
    sellers: input.sellers,
    disclaimerVersion: input.form.product === 'medicare' ? tpmoDisclaimerVersion().version : null,
    trust: input.trust,
    status: input.status,
    recipients: input.recipients,
    partnerList: { version: partnerList.version, sha256: partnerList.sha256 },
    fingerprintSecret: c.env.LEAD_HASH_SALT ?? '',
    ...(input.fullTextOpened !== undefined ? { fullTextOpened: input.fullTextOpened } : {}),
    ...(input.adSharing
      ? {
          adSharing: {
            choice: input.adSharing,
            label: adSharingLabel(input.form.product, input.language, brand.name),
          },
        }
      : {}),
  });
}

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
import { pokeLeadLog } from '../lead-log/log-stub';
import { certifyLead } from './certificate';
import { optedOut } from './opt-out';
import { partnerListOf } from './partner-list';
import { pageEvidence, visibilityEvidence, type StepEvidence } from './page-evidence';

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
  /** The page's registry name, the step's posted values and consent version: the evidence of what was shown. */
  page: string;
  raw: Readonly<Record<string, unknown>>;
  consentVersion: string | null;
  /** The ad-sharing box's answer (null: no box on the step). */
  adSharing?: AdSharingChoice | null;
}

/** The snapshot and the visibility report the step posted, judged against what the Worker served. */
async function stepEvidence(
  c: Context<AppEnv>,
  input: FinalStepConsent,
  steps: { step: string; at: string }[],
): Promise<StepEvidence> {
  const served = {
    brand: { id: c.var.brand.id, name: c.var.brand.name },
    page: input.page,
    step: input.step.name,
    language: input.language,
    consentVersion: input.consentVersion,
  };
  const before = steps.filter((s) => s.step !== input.step.name).map((s) => Date.parse(s.at));
  const previous = before.length > 0 ? Math.max(...before) : NaN;
  return {
    page: await pageEvidence(c.env.DB, input.raw, served),
    visibility: visibilityEvidence(input.raw, {
      ...served,
      previousStepAt: Number.isFinite(previous) ? new Date(previous) : null,
      now: new Date(),
      fullTextOpened: input.fullTextOpened ?? 'not_measured',
    }),
  };
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
  const evidence = await stepEvidence(c, input, steps);
  const id = await certifyLead(c.env, {
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
    evidence,
    ...(input.adSharing
      ? {
          adSharing: {
            choice: input.adSharing,
            label: adSharingLabel(input.form.product, input.language, brand.name),
          },
        }
      : {}),
  });
  // Into the public log after the answer: the lead and its delivery never wait on an append.
  if (id) c.executionCtx.waitUntil(pokeLeadLog(c.env));
  return id;
}

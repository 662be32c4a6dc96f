/**
 * One step submit, whichever way it came (the island's JSON or a form post without
 * JavaScript): parse with the lead schema, store in the visitor's Durable Object (idempotent
 * on the submission id), run the step's handler, and on the final step write the lead.
 */
import type { Context } from 'hono';
import {
  formDefinition,
  findStep,
  groupCount,
  nextStepName,
  removeGroupSlot,
  skipValues,
  stepFields,
  stepVerdict,
  type FormDef,
  type StepDef,
} from '../../shared/forms';
import { parseStepInput } from '../../shared/forms/parse-step';
import type { FormValues } from '../../shared/json';
import type { PageConfig, RouteRecord } from '../../routes/schema';
import type { AppEnv } from '../env';
import { sessionFromCookie } from '../tracking/session';
import { visitorStub } from '../visitor';
import { requestIp } from '../api/partner-context';
import { recordLead } from './leads';
import { recordMetric } from '../operations/metrics';
import { acceptCompleteLead, leadRules } from './lead-rules';
import { certifyFinalStep } from '../consent/lead-consent';
import { checkLeadQuoteToken } from './lead-quote-token';
import { deliverLead } from '../lead-delivery';
import { assessLead, recordLeadTrust } from '../defence/lead-trust';
import { verdictDeliverable } from '../defence/delivery-policy';
import { unknownZipFields } from '../location';

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
  /** Issue 12: the Turnstile token of the final step (none without JavaScript) and the honeypot field's value. */
  turnstileToken?: string | null;
  honeypot?: string | null;
}

export interface StepOutcome {
  /** The step to show next; null to stay on this one. */
  next: string | null;
  completed: boolean;
  duplicate: boolean;
  /** Required fields still missing when the handler blocked advancing. */
  missing: string[];
  /** Of those, ZIP codes that are well formed but not in the shipped ZIP data (issue 15). */
  unknown: string[];
  blocked: boolean;
  /** Visible driver or vehicle slots after an add or remove. */
  slots: number | null;
  values: FormValues;
}

/** The form of a page and one of its steps, or undefined when the page has no form or no such step. */
export function formStep(
  config: PageConfig,
  stepName: string | undefined,
): { form: FormDef; step: StepDef } | undefined {
  if (!config.form) return undefined;
  const form = formDefinition(config.form);
  const step = stepName === undefined ? form.steps[0] : findStep(form, stepName);
  return step ? { form, step } : undefined;
}

function stepValues(submit: StepSubmit): FormValues {
  const { form, step, action, raw } = submit;
  if (action.kind === 'skip' && step.skippable) return parseStepInput(form, step, skipValues(step));
  if (action.kind === 'remove' && step.group) {
    return parseStepInput(form, step, {
      ...raw,
      ...removeGroupSlot(raw as Record<string, string | undefined>, step.group, action.slot),
    });
  }
  return parseStepInput(form, step, raw);
}

export async function acceptStep(c: Context<AppEnv>, submit: StepSubmit, requestedSlots = 0): Promise<StepOutcome> {
  const { form, step, action } = submit;
  const stub = visitorStub(c.env, c.var.visitorId);
  const parsed = stepValues(submit);
  // Issue 15: a ZIP code the shipped data does not hold is not kept, and blocks the step like a missing one.
  const unknown =
    action.kind === 'submit'
      ? await unknownZipFields(
          c,
          stepFields(step)
            .filter((f) => f.kind === 'zip')
            .map((f) => f.name),
          parsed,
        )
      : [];
  const submitted = Object.fromEntries(Object.entries(parsed).filter(([name]) => !unknown.includes(name)));
  const stored = await stub.submitStep({
    submissionId: submit.submissionId,
    form: form.id,
    step: step.name,
    values: submitted,
  });
  const base = {
    duplicate: stored.duplicate,
    values: stored.values,
    completed: false,
    missing: [],
    unknown: [],
    blocked: false,
  };

  if (step.group && (action.kind === 'add' || action.kind === 'remove')) {
    // The form posts how many slots it showed; without it, the slots holding values.
    const shown = requestedSlots > 0 ? Math.min(requestedSlots, step.group.max) : groupCount(stored.values, step.group);
    const slots = action.kind === 'add' ? Math.min(step.group.max, shown + 1) : Math.max(1, shown - 1);
    return { ...base, next: null, slots };
  }
  // The same decision the island makes before sending (src/shared/forms/step-verdict.ts).
  const verdict = stepVerdict(step, submitted, stored.values, unknown);
  if (!verdict.advance) {
    return { ...base, next: null, blocked: true, missing: verdict.missing, unknown: verdict.unknown, slots: null };
  }
  const next = nextStepName(form, step.name);
  if (next !== null) return { ...base, next, slots: null };

  // The final step: the lead, then the completion flag the pages show.
  const session = sessionFromCookie(c);
  const brand = c.var.brand;
  const quoteToken = await checkLeadQuoteToken(c.env.QUOTE_TOKEN_SECRET, submit.quoteToken, {
    visitorId: c.var.anonymousId,
    ip: requestIp(c),
  });
  // Issue 12: the lead-creation limit (429, nothing written) and the trust verdict (src/worker/defence/).
  const trustInput = {
    form: form.id,
    product: form.product,
    page: submit.route.name,
    stepCount: form.steps.length,
    values: stored.values,
    submissionId: submit.submissionId,
    leadVisitorId: c.var.anonymousId,
    quoteTokenCheck: quoteToken.check,
    turnstileToken: submit.turnstileToken ?? null,
    honeypot: submit.honeypot ?? null,
  };
  const trust = await assessLead(c, trustInput);
  // Issue 11: complete only with every step in order, the current consent and a valid quote token.
  const consentVersion = step.consent ? submit.consentVersion : null;
  const rules = await leadRules(c, {
    form,
    consentVersion,
    quoteTokenValid: quoteToken.valid,
    language: submit.route.language,
  });
  await recordLead(c.env.DB, {
    brand: { id: brand.id, name: brand.name },
    page: submit.route.name,
    form: form.id,
    product: form.product,
    smid: submit.route.smid[brand.id] ?? null,
    xsmid: submit.route.xsmid[brand.id] ?? null,
    sessionId: session?.id ?? null,
    paid: session ? session.paid : null,
    visitorId: c.var.anonymousId,
    submissionId: submit.submissionId,
    values: stored.values,
    consentVersion: step.consent ? submit.consentVersion : null,
    language: submit.route.language,
    ip: c.req.header('cf-connecting-ip')?.trim() || null,
    userAgent: c.req.header('user-agent')?.slice(0, 512) ?? null,
    pageUrl: submit.pageUrl,
    quoteToken,
    status: rules.status,
    partialReasons: rules.reasons,
  });
  recordMetric(c.env, 'lead', `${form.product} ${rules.status} ${trust.verdict}`);
  await acceptCompleteLead(c, rules, form, consentVersion);
  await recordLeadTrust(c, trustInput, trust);
  // Issue 19: Medicare seller choices, GPC, disclaimer version and the signed certificate on the lead.
  await certifyFinalStep(c, {
    form,
    step,
    submissionId: submit.submissionId,
    language: submit.route.language,
    raw: submit.raw,
    trust: { verdict: trust.verdict, reasons: trust.reasons },
  });
  // Partners that buy the completed lead (QuoteWizard for auto), after the response.
  // A partial lead goes to no partner (issue 11), nor a bot lead (issue 12, delivery-policy.ts).
  if (rules.complete && verdictDeliverable(c.env, trust.verdict))
    deliverLead(c, {
      product: form.product,
      visitorId: c.var.anonymousId,
      form: form.id,
      submissionId: submit.submissionId,
    });
  await stub.completeForm(form.id);
  return { ...base, next: null, completed: true, slots: null };
}

/**
 * One step submit, whichever way it came (the island's JSON or a form post without
 * JavaScript): parse with the lead schema, store in the visitor's Durable Object (idempotent
 * on the submission id), run the step's handler, and on the final step hand over to the lead's
 * sequence of checks and effects (final-step.ts).
 */
import type { Context } from 'hono';
import {
  askedValues,
  formDefinition,
  findStep,
  groupCount,
  nextStepName,
  removeGroupSlot,
  skipValues,
  stepFields,
  stepVerdict,
  waivableTypos,
  type FormDef,
  type StepDef,
} from '../../shared/forms';
import { parseStepInput } from '../../shared/forms/parse-step';
import { outsideAges } from '../../shared/forms/ages';
import { requestNow } from '../hours/edge-clock';
import type { WithheldBecause } from '../../shared/forms/finish';
import type { FormValues } from '../../shared/json';
import type { PageConfig } from '../../routes/schema';
import type { AppEnv } from '../env';
import { visitorStub } from '../visitor';
import { unknownZipFields } from '../location';
import { consentAskedAgain } from './consent-given';
import { remember } from '../api/partner-context';
import type { StoredLocation } from '../api/visitor-place';
import { acceptFinalStep } from './final-step';
import { unlistedVehicleFields } from './listed-vehicles';

export type { StepAction, StepSubmit } from './step-submit';
import type { StepSubmit } from './step-submit';

export interface StepOutcome {
  /** The step to show next; null to stay on this one. */
  next: string | null;
  completed: boolean;
  /** On the final step: whether the lead goes to the companies the visitor chose. */
  shared?: boolean;
  /** On the final step: why the lead was kept, when the visitor can act on it. */
  withheldBecause?: WithheldBecause;
  duplicate: boolean;
  /** Required fields still missing when the handler blocked advancing. */
  missing: string[];
  /** Of those, ZIP codes that are well formed but not in the shipped ZIP data. */
  unknown: string[];
  /** Optional phone, email or date of birth typed but not valid: fixed, or gone on without (src/shared/forms/typed-contact.ts). */
  typos: string[];
  blocked: boolean;
  /** The valid last step was held for the call-back screen (StepSubmit.holdFinal): no lead yet. */
  held?: boolean;
  /**
   * The consent step was sent with a consent version no longer accepted (consent-given.ts): its
   * answers are stored, no lead is written, and the step is shown again with the current text.
   */
  consentRenewed?: boolean;
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
  // The form's zip located while checking it is stored with the step, so the next step's page
  // (which shows the place) finds it in the visitor's state instead of awaiting a KV read of its
  // own before its first byte (a form posted without JavaScript; the island stores it through
  // GET /api/location). Same Durable Object, made together with the step's write: no extra wait.
  const formZip: { location?: StoredLocation } = {};
  // A ZIP code the shipped data does not hold, or a vehicle make or model not on the data set's
  // lists, is not kept, and blocks the step with its own message.
  const unknown =
    action.kind === 'submit'
      ? [
          ...(await unknownZipFields(
            c,
            stepFields(step)
              .filter((f) => f.kind === 'zip')
              .map((f) => f.name),
            parsed,
            (name, location) => {
              if (name === 'zipcode') formZip.location = location;
            },
          )),
          ...(await unlistedVehicleFields(c, stepFields(step), parsed)),
          // A date of birth outside the product's ages (final expense: 50 to 85).
          ...outsideAges(step, parsed, requestNow(c.req.raw, c.env)),
        ]
      : [];
  const submitted = Object.fromEntries(Object.entries(parsed).filter(([name]) => !unknown.includes(name)));
  const located = formZip.location;
  const [stored] = await Promise.all([
    stub.submitStep({
      submissionId: submit.submissionId,
      form: form.id,
      step: step.name,
      values: submitted,
    }),
    // Only a cache of the zip's place: the next page looks it up itself when this write failed.
    located ? remember(c, 'location', located).catch(() => undefined) : undefined,
  ]);
  const base = {
    duplicate: stored.duplicate,
    values: stored.values,
    completed: false,
    missing: [],
    unknown: [],
    typos: [],
    blocked: false,
  };

  if (step.group && (action.kind === 'add' || action.kind === 'remove')) {
    // The form posts how many slots it showed; without it, the slots holding values.
    const shown = requestedSlots > 0 ? Math.min(requestedSlots, step.group.max) : groupCount(stored.values, step.group);
    const slots = action.kind === 'add' ? Math.min(step.group.max, shown + 1) : Math.max(1, shown - 1);
    return { ...base, next: null, slots };
  }
  // The same decision the island makes before sending (src/shared/forms/step-verdict.ts).
  // A phone, email or date of birth typed but not valid is refused, never dropped unsaid.
  const typos = action.kind === 'submit' ? waivableTypos(step, submit.raw) : [];
  const verdict = stepVerdict(step, submitted, stored.values, unknown, typos);
  if (!verdict.advance) {
    const refused = { missing: verdict.missing, unknown: verdict.unknown, typos: verdict.typos };
    return { ...base, next: null, blocked: true, ...refused, slots: null };
  }
  // The answers decide the way on: an insurer is not asked of a visitor not insured today.
  const next = nextStepName(form, step.name, stored.values);
  if (next !== null) return { ...base, next, slots: null };

  if (submit.holdFinal) return { ...base, next: null, held: true, slots: null };
  const finalAction = action.kind === 'skip' ? 'skip' : 'submit';
  if (consentAskedAgain(c, { form, step, action: finalAction, postedVersion: submit.consentVersion }))
    return { ...base, next: null, consentRenewed: true, slots: null };
  // The final step: the lead, its checks and effects in order (final-step.ts).
  // A step the answers left unasked sends nothing stale (the insurer of someone not insured).
  const lead = await acceptFinalStep(c, submit, askedValues(form, stored.values));
  return {
    ...base,
    next: null,
    completed: true,
    shared: lead.shared,
    ...(lead.withheldBecause ? { withheldBecause: lead.withheldBecause } : {}),
    slots: null,
  };
}

import { stepFields } from '../../../shared/forms/engine';
import { emailRule, phoneRule } from '../../../shared/forms/field-rules';
import type { FormDef } from '../../../shared/forms/types';
import type { Inputs } from './inputs';

/**
 * Whether the form's answers hold a valid phone number and email address: the finish and the
 * call-back offer speak of a number only when there is one (a visitor may go on without it).
 * Read from the inputs, which start from the stored answers on a page served after finishing.
 */
export function contactGiven(form: FormDef, inputs: Inputs): { phone: boolean; email: boolean } {
  const fields = form.steps.flatMap((s) => stepFields(s));
  const holds = (kind: 'tel' | 'email', rule: (raw: string) => string | undefined) =>
    fields.some((f) => f.kind === kind && rule(inputs[f.name] ?? '') !== undefined);
  return { phone: holds('tel', phoneRule), email: holds('email', emailRule) };
}

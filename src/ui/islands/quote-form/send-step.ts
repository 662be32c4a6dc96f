/**
 * A step's submit: the same decision the Worker makes, made here first (a required answer
 * missing or invalid blocks and says so on the question), the group's add and remove, Skip,
 * and the JSON post with the tokens the last step needs; the reply moves on, finishes, or
 * brings the Worker's refusal back onto the questions.
 */
import type { FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { outsideAges } from '../../../shared/forms/ages';
import { removeGroupSlot, stepFields } from '../../../shared/forms/engine';
import { waivableTypos, withoutValues, WITHOUT_ACTION } from '../../../shared/forms/typed-contact';
import { stepVerdict, submittedFromInputs } from '../../../shared/forms/step-verdict';
import { leasesAfterStep } from '../../../shared/forms/call-ready';
import { newId } from './form-helpers';
import { contactGiven } from './contact-given';
import { choicesOf, stepPayload, valuesFromInputs } from './inputs';
import { submitCode } from './submit-code';
import { TURNSTILE_SUBMIT_WAIT_MS } from './turnstile';
import type { FormState } from './use-form-state';
import { QUOTE_TOKEN_SUBMIT_WAIT_MS } from './use-quote-token';
import type { StepFlow } from './use-step-flow';

/** `without`: the optional contact fields the visitor chose to go on without, sent cleared. */
export async function sendStep(
  st: FormState,
  flow: StepFlow,
  action: 'submit' | 'skip',
  without: readonly string[] = [],
  pressed: HTMLElement | null = null,
): Promise<void> {
  const { step, inputs, groupSlots, form, props, number, parts } = st;
  const { funnel, basePath } = props;
  // Measured before anything on screen changes (the button's label turns to "Sending").
  const evidence =
    step.consent && action === 'submit'
      ? (parts.consent?.consentEvidenceValues(st.formRef.current, pressed) ?? {})
      : {};
  const payload = { ...stepPayload(step, inputs, groupSlots ?? 1), ...withoutValues(step, without) };
  const values = action === 'skip' ? Object.fromEntries(Object.keys(payload).map((k) => [k, null])) : payload;
  st.setStatus('sending');
  window.dispatchEvent(new Event('quote:navigation-start'));
  try {
    // The final step writes the lead: its token should be minted after the last edit.
    const [token, turnstileToken] = st.isLast
      ? await Promise.all([
          st.quoteToken.fresh(QUOTE_TOKEN_SUBMIT_WAIT_MS),
          st.turnstileTokenOf(TURNSTILE_SUBMIT_WAIT_MS),
        ])
      : [st.quoteToken.current(), null];
    const honeypot = st.honeypotRef.current?.value;
    const { submitStep, trackStepSubmitted } = await submitCode();
    const reply = await submitStep({
      submissionId: st.submissionId,
      page: basePath,
      step: step.name,
      action,
      // The Medicare entities the visitor ticked, whether the consent's <details> was opened and
      // the ad-sharing answer travel with the consent step's values.
      values:
        step.consent && action === 'submit'
          ? {
              ...values,
              ...parts.consent?.tickedSellerValues(st.formRef.current),
              ...parts.consent?.fullTextOpenedValue(st.formRef.current),
              ...evidence,
              ...parts.consent?.adSharingValues(st.formRef.current),
            }
          : values,
      ...(step.consent && funnel.consent ? { consentVersion: funnel.consent.version } : {}),
      pageUrl: location.href,
      ...(token ? { quoteToken: token } : {}),
      ...(turnstileToken ? { turnstileToken } : {}),
      ...(honeypot ? { honeypot } : {}),
    });
    trackStepSubmitted(
      form.version,
      { name: step.name, number },
      action === 'skip'
        ? {}
        : valuesFromInputs(
            form,
            Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v ?? ''])),
            funnel.insurers,
          ),
    );
    if (reply.blocked) {
      st.setStatus('blocked');
      st.setTypos(reply.typos);
      st.setErrors(st.errorsFor(step, [...reply.missing, ...reply.typos], reply.unknown));
    } else if (reply.next) {
      flow.goTo(reply.next);
      // The call's answers are in: the number to dial, now, not after the name and contact steps.
      if (leasesAfterStep(form, step.name)) void flow.leaseNumber();
    } else {
      st.setStatus('idle');
      st.setSubmissionId(newId());
      if (reply.completed) {
        st.setShared(reply.shared);
        st.setWithheldBecause(reply.withheldBecause);
        await flow.finish();
      }
    }
  } catch (error) {
    // The consent text changed under the page: the same step, served again with the current text.
    if (error instanceof Error && error.name === 'ConsentChanged') {
      const again = new URL(location.href);
      again.searchParams.set('consent', 'changed');
      location.replace(again.href);
      return;
    }
    st.setStatus(error instanceof Error && error.name === 'SubmitLimited' ? 'limited' : 'failed');
  } finally {
    window.dispatchEvent(new Event('quote:navigation-end'));
  }
}

/** The form's submit event: which button, then the group's slots, Skip, or the checked submit. */
export function onStepSubmit(
  st: FormState,
  flow: StepFlow,
  event: FormEvent<HTMLFormElement>,
  hold?: (phone: boolean) => boolean,
): void {
  event.preventDefault();
  if (st.status === 'sending') return;
  const { step, inputs, groupSlots, form, props } = st;
  const insurers = props.funnel.insurers;
  const submitter = (event.nativeEvent as SubmitEvent).submitter;
  const action = submitter instanceof HTMLButtonElement && submitter.name === '_action' ? submitter.value : 'submit';
  const group = step.group;
  if (action === 'add' && group && groupSlots !== undefined) {
    st.setSlots((prev) => ({ ...prev, [group.prefix]: Math.min(group.max, groupSlots + 1) }));
    return;
  }
  const remove = /^remove:(\d)$/.exec(action);
  if (remove && group && groupSlots !== undefined) {
    const patch = removeGroupSlot(inputs, group, Number(remove[1]));
    for (const name of Object.keys(patch)) st.quoteToken.fieldChanged(name);
    st.setInputs((prev) => ({ ...prev, ...Object.fromEntries(Object.entries(patch).map(([k, v]) => [k, v ?? ''])) }));
    st.setSlots((prev) => ({ ...prev, [group.prefix]: Math.max(1, groupSlots - 1) }));
    st.setErrors({});
    return;
  }
  if (action === 'skip') {
    void sendStep(st, flow, 'skip');
    return;
  }
  // "Go on without it": the optional contact values refused are cleared, said and done.
  const without = action === WITHOUT_ACTION ? waivableTypos(step, inputs, groupSlots) : [];
  const cleared: Record<string, string> = Object.fromEntries(
    Object.keys(withoutValues(step, without)).map((name) => [name, '']),
  );
  const judged = { ...inputs, ...cleared };
  if (without.length > 0) {
    for (const name of Object.keys(cleared)) st.quoteToken.fieldChanged(name);
    st.setInputs((prev) => ({ ...prev, ...cleared }));
  }
  // The Worker's decision, made here first (src/shared/forms/step-verdict.ts): a required
  // answer missing or invalid blocks; an invalid optional one is dropped (spec 5), as
  // without JavaScript, except a phone, email or date of birth typed, which blocks until it is
  // fixed or gone on without (src/shared/forms/typed-contact.ts).
  const submitted = submittedFromInputs(step, judged, groupSlots, (field) => choicesOf(field, insurers));
  const unknownHere = stepFields(step)
    .filter((f) => f.kind === 'zip' && st.unknownZips.has(String(submitted[f.name] ?? '')))
    .map((f) => f.name)
    .concat(outsideAges(step, submitted, new Date()));
  const verdict = stepVerdict(
    step,
    submitted,
    { ...valuesFromInputs(form, judged, insurers), ...submitted },
    unknownHere,
    waivableTypos(step, judged, groupSlots),
  );
  // Rendered before the focus moves: the field to fix is marked invalid by then.
  flushSync(() => {
    st.setErrors(st.errorsFor(step, [...verdict.missing, ...verdict.typos], verdict.unknown));
    st.setTypos(verdict.typos);
    if (!verdict.advance) st.setStatus('blocked');
  });
  if (!verdict.advance) {
    // A radio group is marked on its fieldset: focus its first radio.
    const invalid = st.formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    const first = invalid?.matches('fieldset') ? invalid.querySelector<HTMLElement>('input') : invalid;
    first?.focus();
    return;
  }
  // Valid, but held for a screen of its own first (the call-back step while agents are away).
  if (hold?.(contactGiven(form, judged).phone)) return;
  // The button pressed; a send after the call-back screen (no submitter) follows a press of the main one.
  const pressed =
    submitter instanceof HTMLElement
      ? submitter
      : (st.formRef.current?.querySelector<HTMLElement>('.form-actions .btn') ?? null);
  void sendStep(st, flow, 'submit', without, pressed);
}

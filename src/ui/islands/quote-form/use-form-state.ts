/**
 * The quote form's state: the step on screen, the answers, the status of the last submit, the
 * parts loaded so far and the page-wide pieces (number, place, quote token, Turnstile, errors).
 * One hook so the concerns built on it (./use-step-flow.ts, ./send-step.ts, ./step-form.tsx)
 * read the same values.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { findStep, stepNumber } from '../../../shared/forms/engine';
import type { StepDef } from '../../../shared/forms/types';
import { CHUNK_ERROR_EVENT } from '../registry';
import { usePhone } from '../use-phone';
import { inputsFromValues, type Inputs } from './inputs';
import { loadParts, type FormCode, type PartName } from './parts';
import { usePlace } from './place-line';
import { useTurnstile } from './turnstile';
import type { QuoteFormProps } from './types';
import { useQuoteToken } from './use-quote-token';
import { useStepErrors } from './use-step-errors';

/** `limited`: the Worker's rate limit answered 429; the visitor is told to wait, not to check their connection. */
export type Status = 'idle' | 'sending' | 'failed' | 'limited' | 'blocked';

export function useFormState(props: QuoteFormProps, code: FormCode) {
  const { language, funnel } = props;
  const form = code.form;
  // Budgets: parts loaded when the visitor gets there (./parts.ts), one step ahead.
  const [parts, setParts] = useState(code.parts);
  const need = useCallback(
    (names: readonly PartName[]) =>
      loadParts(names).then(
        (got) => setParts((prev) => ({ ...prev, ...got })),
        (error: unknown) => {
          // A deployment replaced the chunk: the loader reloads the page once (spec section 8).
          window.dispatchEvent(new Event(CHUNK_ERROR_EVENT));
          throw error;
        },
      ),
    [],
  );
  const idPrefix = useId().replace(/:/g, '');
  const stepNames = useMemo(() => form.steps.map((st) => st.name), [form]);
  const [stepName, setStepName] = useState(props.step.name);
  // A step shown again as posted (no JavaScript, a typed contact value refused) shows what was typed.
  const [inputs, setInputs] = useState<Inputs>(() => ({
    ...inputsFromValues(form, props.values),
    ...funnel.retry?.inputs,
  }));
  // Optional contact values typed but not valid: the step offers to go on without them (src/shared/forms/typed-contact.ts).
  const [typos, setTypos] = useState<string[]>(funnel.retry?.typos ?? []);
  const [slots, setSlots] = useState(funnel.slots);
  const [submissionId, setSubmissionId] = useState(funnel.submissionId);
  const [status, setStatus] = useState<Status>('idle');
  const [completed, setCompleted] = useState(funnel.completed);
  // Whether the finished lead went to the companies chosen (the confirmation never promises a call it will not get).
  const [shared, setShared] = useState(funnel.shared ?? true);
  const [withheldBecause, setWithheldBecause] = useState(funnel.withheldBecause);
  // The call-back time the lead carries, as the confirmation names it: the server's for a page
  // loaded after finishing, the picker's answer for a finish in this page.
  const [callbackLabel, setCallbackLabel] = useState(funnel.callbackAt?.label);
  // The offers the server rendered for the lead it knew; a finish on this page asks again (the
  // Worker answers an unchanged lead from its store, a changed one with a new call).
  const [serverOffers, setServerOffers] = useState(funnel.offers);
  // The page's one number; reached after finishing (not on the step just finished): "start a new quote".
  const phone = usePhone(props.phone);
  const [arrived, setArrived] = useState(() => funnel.completed && props.step.number !== form.steps.length);
  const [search, setSearch] = useState(funnel.search);
  const finishedHere = useRef(false);
  const doneRef = useRef<HTMLHeadingElement>(null);
  const quoteToken = useQuoteToken();
  const place = usePlace(funnel.place);
  const inputsRef = useRef(inputs);
  useEffect(() => {
    inputsRef.current = inputs;
  });
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const entered = useRef<{ fallback: boolean } | null>(null);
  const step: StepDef = findStep(form, stepName) ?? (form.steps[0] as StepDef);
  const number = stepNumber(form, step.name);
  const isLast = number === form.steps.length;
  // Turnstile only on the last step; the honeypot on every step (people never see it).
  const { container: turnstileSlot, token: turnstileTokenOf } = useTurnstile(funnel.turnstile, isLast && !completed);
  const honeypotRef = useRef<HTMLInputElement>(null);
  const groupSlots = step.group ? slots[step.group.prefix] : undefined;
  const stepErrors = useStepErrors({ step, groupSlots, language, funnel, inputs, inputsRef });

  const onInput = useCallback(
    (name: string, value: string) => {
      quoteToken.fieldChanged(name);
      setInputs((prev) => ({ ...prev, [name]: value }));
      // A refused submit's general line goes with the first edit: it never appears later, under a tap.
      setStatus((prev) => (prev === 'blocked' ? 'idle' : prev));
    },
    [quoteToken],
  );

  return {
    props,
    form,
    parts,
    need,
    idPrefix,
    stepNames,
    setStepName,
    inputs,
    setInputs,
    inputsRef,
    typos,
    setTypos,
    slots,
    setSlots,
    submissionId,
    setSubmissionId,
    status,
    setStatus,
    completed,
    setCompleted,
    shared,
    setShared,
    withheldBecause,
    setWithheldBecause,
    callbackLabel,
    setCallbackLabel,
    serverOffers,
    setServerOffers,
    phone,
    arrived,
    setArrived,
    search,
    setSearch,
    finishedHere,
    doneRef,
    quoteToken,
    place,
    formRef,
    headingRef,
    entered,
    step,
    number,
    isLast,
    turnstileSlot,
    turnstileTokenOf,
    honeypotRef,
    groupSlots,
    ...stepErrors,
    onInput,
  };
}

export type FormState = ReturnType<typeof useFormState>;

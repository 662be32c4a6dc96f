/**
 * The quote form island. The server renders each step as a real <form> that posts to the
 * Worker (the funnel works with JavaScript off); hydrated, it posts JSON, moves between
 * steps in the page with the History API (back and forward work), scrolls the form into
 * view, and reports steps to tracking. One engine for every form: src/shared/forms.
 */
import {
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type FormEvent,
} from 'react';
import type { IslandModule } from '../registry';
// Not the forms' index: it brings every form's definition (src/shared/forms/registry.ts); ./parts.ts loads the page's.
import { findStep, groupCount, removeGroupSlot, stepFields, stepNumber } from '../../../shared/forms/engine';
import { formMessages } from '../../../shared/forms/messages';
import { stepVerdict, submittedFromInputs } from '../../../shared/forms/step-verdict';
import type { FieldDef, StepDef } from '../../../shared/forms/types';
import { scrollToElement } from '../../scroll';
import { navigateTo } from '../../navigate';
import { trackStepEntered } from './analytics';
import { Field } from './field';
import { newId, optionsFor, stepFromPath } from './form-helpers';
import { choicesOf, inputsFromValues, stepPayload, valuesFromInputs, type Inputs } from './inputs';
import { StepBody } from './step-body';
import { PlaceLine, usePlace } from './place-line';
import { QUOTE_TOKEN_SUBMIT_WAIT_MS, useQuoteToken } from './use-quote-token';
import type { QuoteFormProps } from './types';
import { usePhone } from '../use-phone';
import { showPhone } from '../../phone-source';
import { withEditAnswers } from '../../../shared/forms/finish';
import { Honeypot } from './honeypot';
import { prefetchTurnstile, TURNSTILE_SUBMIT_WAIT_MS, useTurnstile } from './turnstile';
import { FormCodeContext, loadFormCode, loadParts, partsFor, type FormCode, type PartName } from './parts';
import { CHUNK_ERROR_EVENT } from '../registry';
import { useStepErrors } from './use-step-errors';
import { CallbackOffer } from './callback-offer';

export type { QuoteFormProps, FunnelProps } from './types';

/** The submit's code (./submit.ts): fetched when the visitor first focuses the form, awaited by a submit. */
const submitCode = () =>
  import('./submit').catch((error: unknown) => {
    // A deployment replaced the chunk: the loader reloads the page once (spec section 8).
    window.dispatchEvent(new Event(CHUNK_ERROR_EVENT));
    throw error;
  });
const prefetchSubmit = () => void submitCode().catch(() => undefined);
type Status = 'idle' | 'sending' | 'failed' | 'blocked';

export function QuoteForm(props: QuoteFormProps) {
  const { formId, language, basePath, funnel } = props;
  const code = useContext(FormCodeContext);
  if (!code) throw new Error(`no form code for ${formId}`);
  const form = code.form;
  // Issue 15, budgets: parts loaded when the visitor gets there (./parts.ts), one step ahead.
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
  const s = formMessages(language);
  const idPrefix = useId().replace(/:/g, '');
  const stepNames = useMemo(() => form.steps.map((st) => st.name), [form]);
  const [stepName, setStepName] = useState(props.step.name);
  const [inputs, setInputs] = useState<Inputs>(() => inputsFromValues(form, props.values));
  const [slots, setSlots] = useState(funnel.slots);
  const [submissionId, setSubmissionId] = useState(funnel.submissionId);
  const [status, setStatus] = useState<Status>('idle');
  const [completed, setCompleted] = useState(funnel.completed);
  // The offers the server rendered for the lead it knew; a finish on this page asks again (the
  // Worker answers an unchanged lead from its store, a changed one with a new call).
  const [serverOffers, setServerOffers] = useState(funnel.offers);
  // Issue 15: the page's one number; reached after finishing (not on the step just finished): "start a new quote".
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
  // Issue 12: Turnstile only on the last step; the honeypot on every step (people never see it).
  const { container: turnstileSlot, token: turnstileTokenOf } = useTurnstile(funnel.turnstile, isLast && !completed);
  const honeypotRef = useRef<HTMLInputElement>(null);
  const groupSlots = step.group ? slots[step.group.prefix] : undefined;

  const { errors, setErrors, unknownZips, onCommit, errorsFor, pressHandlers } = useStepErrors({
    step,
    groupSlots,
    language,
    funnel,
    inputs,
    inputsRef,
  });

  const onInput = useCallback(
    (name: string, value: string) => {
      quoteToken.fieldChanged(name);
      setInputs((prev) => ({ ...prev, [name]: value }));
      // A refused submit's general line goes with the first edit: it never appears later, under a tap.
      setStatus((prev) => (prev === 'blocked' ? 'idle' : prev));
    },
    [quoteToken],
  );

  const enterStep = useCallback(
    (name: string, fallback: boolean, values: Inputs) => {
      const next = findStep(form, name);
      if (next?.group) {
        const prefix = next.group.prefix;
        const count = groupCount(valuesFromInputs(form, values, funnel.insurers), next.group);
        setSlots((prev) => ({ ...prev, [prefix]: count }));
      }
      entered.current = { fallback };
      setErrors({});
      setStatus('idle');
      setSubmissionId(newId());
      setStepName(name);
    },
    [form, funnel.insurers, setErrors],
  );

  // After an in-page step change: the form's top into view (24 px + sticky bars), focus on the question, pageView.
  useEffect(() => {
    const info = entered.current;
    if (!info) return;
    entered.current = null;
    if (formRef.current) scrollToElement(formRef.current);
    headingRef.current?.focus({ preventScroll: true });
    trackStepEntered({ name: step.name, number }, info.fallback);
  }, [step.name, number]);

  // One step ahead: what the next step shows (the consent block, Turnstile's loader), the confirmation on the last.
  useEffect(() => {
    if (completed) return;
    const next = form.steps[number]?.name;
    void need(next ? partsFor(form, next, false) : ['confirmation']).catch(() => undefined);
    if (next && number + 1 === form.steps.length) prefetchTurnstile();
  }, [form, number, completed, need]);

  /** Enters a step once the parts it shows are here (prefetched: at once). */
  const enterWhenReady = useCallback(
    (name: string, fallback: boolean, values: Inputs) =>
      need(partsFor(form, name, false)).then(
        () => enterStep(name, fallback, values),
        () => undefined,
      ),
    [form, need, enterStep],
  );

  useEffect(() => {
    const onPop = () => {
      const target = stepFromPath(basePath, stepNames);
      void enterWhenReady(target.name, target.fallback, inputsRef.current);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [basePath, stepNames, enterWhenReady]);

  const goTo = (next: string, query: string = search) => {
    const url = `${basePath}/${next}${query}`;
    // A newer deployment was seen: load the next step from the server instead.
    if (document.documentElement.hasAttribute('data-stale-build')) {
      navigateTo(url);
      return;
    }
    if (form.replaceHistory) history.replaceState({ quoteStep: next }, '', url);
    else history.pushState({ quoteStep: next }, '', url);
    void enterWhenReady(next, false, inputs);
  };

  const finish = async () => {
    // Issue 15: the confirmation replaces the form; a reload of this address shows it again.
    const done = withEditAnswers(search, false);
    setSearch(done);
    if (done !== location.search)
      history.replaceState(history.state, '', `${location.pathname}${done}${location.hash}`);
    finishedHere.current = true;
    await need(['confirmation']);
    setServerOffers(undefined);
    setArrived(false);
    setCompleted(true);
    const zip = typeof inputs.zipcode === 'string' && /^\d{5}$/.test(inputs.zipcode) ? inputs.zipcode : undefined;
    const { leasedPhone } = await submitCode();
    const leased = await leasedPhone({ product: form.product, page: props.pageName, zip });
    if (leased) showPhone(leased.phone, leased.expiresInMs, props.phone);
  };

  // The confirmation takes the viewport and the focus right after the last step.
  useEffect(() => {
    if (!completed || !finishedHere.current) return;
    finishedHere.current = false;
    const card = doneRef.current?.closest('section');
    if (card) scrollToElement(card);
    doneRef.current?.focus({ preventScroll: true });
  }, [completed]);

  const firstStep = form.steps[0]?.name ?? step.name;
  const editHref = `${basePath}/${firstStep}${withEditAnswers(search, true)}`;
  const editAnswers = (event: { preventDefault: () => void }) => {
    event.preventDefault();
    const query = withEditAnswers(search, true);
    setSearch(query);
    setCompleted(false);
    goTo(firstStep, query);
  };

  const send = async (action: 'submit' | 'skip') => {
    const values =
      action === 'skip'
        ? Object.fromEntries(Object.keys(stepPayload(step, inputs, groupSlots ?? 1)).map((k) => [k, null]))
        : stepPayload(step, inputs, groupSlots ?? 1);
    setStatus('sending');
    window.dispatchEvent(new Event('quote:navigation-start'));
    try {
      // The final step writes the lead: its token should be minted after the last edit.
      const [token, turnstileToken] = isLast
        ? await Promise.all([quoteToken.fresh(QUOTE_TOKEN_SUBMIT_WAIT_MS), turnstileTokenOf(TURNSTILE_SUBMIT_WAIT_MS)])
        : [quoteToken.current(), null];
      const honeypot = honeypotRef.current?.value;
      const { submitStep, trackStepSubmitted } = await submitCode();
      const reply = await submitStep({
        submissionId,
        page: basePath,
        step: step.name,
        action,
        // Issue 19: the Medicare entities the visitor ticked travel with the consent step's values.
        values:
          step.consent && action === 'submit'
            ? { ...values, ...parts.consent?.tickedSellerValues(formRef.current) }
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
        setStatus('blocked');
        setErrors(errorsFor(step, reply.missing, reply.unknown));
      } else if (reply.next) {
        goTo(reply.next);
      } else {
        setStatus('idle');
        setSubmissionId(newId());
        if (reply.completed) await finish();
      }
    } catch {
      setStatus('failed');
    } finally {
      window.dispatchEvent(new Event('quote:navigation-end'));
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status === 'sending') return;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const action = submitter instanceof HTMLButtonElement && submitter.name === '_action' ? submitter.value : 'submit';
    const group = step.group;
    if (action === 'add' && group && groupSlots !== undefined) {
      setSlots((prev) => ({ ...prev, [group.prefix]: Math.min(group.max, groupSlots + 1) }));
      return;
    }
    const remove = /^remove:(\d)$/.exec(action);
    if (remove && group && groupSlots !== undefined) {
      const patch = removeGroupSlot(inputs, group, Number(remove[1]));
      for (const name of Object.keys(patch)) quoteToken.fieldChanged(name);
      setInputs((prev) => ({ ...prev, ...Object.fromEntries(Object.entries(patch).map(([k, v]) => [k, v ?? ''])) }));
      setSlots((prev) => ({ ...prev, [group.prefix]: Math.max(1, groupSlots - 1) }));
      setErrors({});
      return;
    }
    if (action === 'skip') {
      void send('skip');
      return;
    }
    // The Worker's decision, made here first (src/shared/forms/step-verdict.ts): a required
    // answer missing or invalid blocks; an invalid optional one is dropped (spec 5), as
    // without JavaScript.
    const submitted = submittedFromInputs(step, inputs, groupSlots, (field) => choicesOf(field, funnel.insurers));
    const unknownHere = stepFields(step)
      .filter((f) => f.kind === 'zip' && unknownZips.has(String(submitted[f.name] ?? '')))
      .map((f) => f.name);
    const verdict = stepVerdict(
      step,
      submitted,
      { ...valuesFromInputs(form, inputs, funnel.insurers), ...submitted },
      unknownHere,
    );
    const found = errorsFor(step, verdict.missing, verdict.unknown);
    setErrors(found);
    if (!verdict.advance) {
      setStatus('blocked');
      // A radio group is marked on its fieldset: focus its first radio.
      const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      const first = invalid?.matches('fieldset') ? invalid.querySelector<HTMLElement>('input') : invalid;
      first?.focus();
      return;
    }
    void send('submit');
  };

  const fieldsOf = (fields: readonly FieldDef[]) =>
    fields.map((field) => (
      <Field
        key={field.name}
        field={field}
        language={language}
        inputs={inputs}
        error={errors[field.name]}
        idPrefix={idPrefix}
        options={optionsFor(field, funnel.insurers)}
        vehicles={funnel.vehicles}
        parts={parts}
        onInput={onInput}
        onCommit={onCommit}
      />
    ));

  return (
    <div className="quote-form" id="quote">
      {completed ? (
        parts.confirmation && (
          <parts.confirmation.Confirmation
            language={language}
            product={form.product}
            phone={phone}
            arrived={arrived}
            editHref={editHref}
            onEdit={editAnswers}
            headingRef={doneRef}
            idPrefix={idPrefix}
            pageName={props.pageName}
            offers={serverOffers}
            callHours={props.callHours}
          />
        )
      ) : (
        <form
          ref={formRef}
          method="post"
          action={`${basePath}/${step.name}${search}`}
          className="card"
          noValidate
          onSubmit={onSubmit}
          onFocus={prefetchSubmit}
          {...pressHandlers}
          aria-labelledby={`${idPrefix}-title`}
        >
          {/* Issue 15: Enter in a field presses the form's first submit button (its default), with or
              without JavaScript. That is this one, the step's main action, not "Add another driver". */}
          <button
            className="default-submit"
            type="submit"
            tabIndex={-1}
            aria-hidden="true"
            disabled={status === 'sending'}
          >
            {isLast ? (step.submitLabel?.[language] ?? s.finish) : (step.submitLabel?.[language] ?? s.continue)}
          </button>
          {number > 1 && place ? <PlaceLine place={place} product={form.product} language={language} /> : null}
          <StepBody
            step={step}
            number={number}
            total={form.steps.length}
            language={language}
            idPrefix={idPrefix}
            headingRef={headingRef}
            groupSlots={groupSlots}
            fieldsOf={fieldsOf}
          />
          <input type="hidden" name="submissionId" value={submissionId} />
          <Honeypot inputRef={honeypotRef} />
          {isLast && funnel.turnstile ? <div ref={turnstileSlot} className="turnstile-slot" /> : null}
          {funnel.formToken ? <input type="hidden" name="quoteToken" value={funnel.formToken} /> : null}
          {step.group && groupSlots !== undefined ? (
            <input type="hidden" name={`${step.group.prefix}s`} value={groupSlots} />
          ) : null}
          {/* Honest hours: agents away on the last step, a call-back time is offered. */}
          {isLast ? <CallbackOffer callHours={props.callHours} formId={formId} language={language} /> : null}
          {step.consent && funnel.consent && parts.consent ? (
            <parts.consent.ConsentBlock consent={funnel.consent} language={language} idPrefix={idPrefix} />
          ) : null}
          {status === 'failed' ? (
            <p className="error" role="alert">
              {s.networkError}
            </p>
          ) : null}
          {/* One message per problem: the general line only when no question carries its own. */}
          {status === 'blocked' && Object.keys(errors).length === 0 ? (
            <p className="error" role="alert">
              {s.blocked}
            </p>
          ) : null}
          <div className="form-actions">
            <button
              className="btn"
              type="submit"
              disabled={status === 'sending'}
              aria-describedby={step.consent && funnel.consent ? `${idPrefix}-consent` : undefined}
            >
              {status === 'sending'
                ? s.sending
                : isLast
                  ? (step.submitLabel?.[language] ?? s.finish)
                  : (step.submitLabel?.[language] ?? s.continue)}
            </button>
            {step.skippable ? (
              <button
                className="btn btn--ghost"
                type="submit"
                name="_action"
                value="skip"
                formNoValidate
                disabled={status === 'sending'}
              >
                {s.skip}
              </button>
            ) : null}
          </div>
        </form>
      )}
    </div>
  );
}

/** In the browser: the island with the code its loader fetched for this page (./parts.ts). */
function QuoteFormIsland({ code, ...props }: QuoteFormProps & { code: FormCode }) {
  return (
    <FormCodeContext.Provider value={code}>
      <QuoteForm {...props} />
    </FormCodeContext.Provider>
  );
}

/** For the islands loader (src/ui/client/islands.ts): the page's form and what the server rendered, before hydrating. */
export const island: IslandModule = {
  Component: QuoteFormIsland as ComponentType<never>,
  prepare: async (props: QuoteFormProps) => ({
    ...props,
    code: await loadFormCode(props.formId, props.step.name, props.funnel.completed),
  }),
};

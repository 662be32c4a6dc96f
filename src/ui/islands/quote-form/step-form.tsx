/**
 * The step on screen as a real <form> (it posts to the Worker without JavaScript): the
 * question, the hidden fields, Turnstile's slot, the call-back offer and the consent on the
 * last step, and the actions.
 */
import { useCallback, useEffect, useState, type FocusEvent, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { formMessages } from '../../../shared/forms/messages';
import { isOneTapStep, isTileStep } from '../../../shared/forms/one-tap';
import type { FieldDef } from '../../../shared/forms/types';
import { askedPosition, previousStepName, stepFields } from '../../../shared/forms/engine';
import { WITHOUT_ACTION } from '../../../shared/forms/typed-contact';
import { CallbackOffer, useAgentsAway } from './callback-offer';
import { Field } from './field';
import { optionsFor } from './form-helpers';
import { Honeypot } from './honeypot';
import { PlaceLine } from './place-line';
import { revealAboveCallBar, revealBelowField } from '../../scroll';
import { StepBody } from './step-body';
import { stepAnswered } from './step-answered';
import { prefetchSubmit } from './submit-code';
import type { FormState } from './use-form-state';
import { valuesFromInputs, type Inputs } from './inputs';

/** Holds a valid step back from sending (true: held); the call-back step uses it. `phone`: the step holds a valid number. */
export type HoldStep = (phone: boolean) => boolean;

export function StepForm({
  st,
  onSubmit,
}: {
  st: FormState;
  onSubmit: (event: FormEvent<HTMLFormElement>, hold: HoldStep) => void;
}) {
  const { props, form, step, number, isLast, idPrefix, status, groupSlots, place, inputs, errors, parts } = st;
  const { search, submissionId, onInput, onCommit, pressHandlers, typos } = st;
  const { formRef, headingRef, honeypotRef, turnstileSlot } = st;
  const { language, basePath, funnel, formId } = props;
  const s = formMessages(language);
  // On the consent step the button says what the consent text names, word for word.
  const consentAction = step.consent ? funnel.consent?.action : undefined;
  const mainLabel = consentAction ?? step.submitLabel?.[language] ?? (isLast ? s.finish : s.continue);
  // One tap per single-choice question: the tile's answer is put in the form's state at once
  // (flushSync), then the step is submitted as Continue would, through its checks.
  const advance =
    isOneTapStep(step) || isTileStep(step)
      ? (name: string, value: string) => {
          if (status === 'sending') return;
          flushSync(() => onInput(name, value));
          const formEl = formRef.current;
          formEl?.requestSubmit(formEl.querySelector<HTMLButtonElement>('button.default-submit'));
        }
      : undefined;
  // A choice that answers the step's last open question brings its main action into view, so
  // the visitor does not go looking for Continue. Only a choice (a change, after the tap or
  // pick is over): a text box commits on blur, which a tap on Continue itself causes, and
  // moving the page then would take that tap from under the finger.
  const oneTap = isOneTapStep(step);
  const onAnswer = useCallback(
    (field: FieldDef, changed?: Inputs) => {
      onCommit(field, changed);
      if (!changed || oneTap) return;
      requestAnimationFrame(() => {
        const formEl = formRef.current;
        const actions = formEl?.querySelector('.form-actions');
        if (formEl && actions && stepAnswered(formEl)) revealAboveCallBar(actions);
      });
    },
    [onCommit, oneTap, formRef],
  );
  // The optional contact values refused and still wrong: the quiet way on without them.
  const refused = stepFields(step, groupSlots).filter((f) => typos.includes(f.name) && errors[f.name]);
  // Without JavaScript the step comes back as posted: the first field to fix takes the focus.
  const focusName = props.funnel.retry
    ? stepFields(step, groupSlots).find((f) => errors[f.name] !== undefined)?.name
    : undefined;
  // The keyboard closing (focus leaving the step's fields for nothing in the form) after the last
  // answer brings the main action into view: on a short screen (a phone with its keyboard open)
  // the consent step's button follows the consent text, which is never hidden to make room
  // (docs/decisions/0290-main-action-in-view.md). A button already partly on screen is left
  // where it is: the visitor may be pressing it, and a move would take the tap from under the finger.
  const onLeaveField = useCallback(
    (event: FocusEvent<HTMLFormElement>) => {
      const formEl = formRef.current;
      const to = event.relatedTarget;
      if (oneTap || !formEl || (to instanceof Node && formEl.contains(to))) return;
      if (!(event.target instanceof HTMLInputElement) || event.target.type === 'checkbox') return;
      requestAnimationFrame(() => {
        const actions = formEl.querySelector('.form-actions');
        const button = actions?.querySelector('.btn');
        if (!actions || !button || !stepAnswered(formEl)) return;
        const bar = document.querySelector('[data-call-bar]')?.getBoundingClientRect();
        const floor = bar && bar.height > 0 && bar.top < window.innerHeight ? bar.top : window.innerHeight;
        if (button.getBoundingClientRect().top >= floor) revealAboveCallBar(actions);
      });
    },
    [oneTap, formRef],
  );
  // The keyboard opening for the step's last text box (focus, or the visual viewport shrinking
  // under it) lifts the main action above the keyboard, the box staying in view: on a phone the
  // first step's Continue was just under the keyboard while the visitor typed the ZIP code.
  const liftAction = useCallback(() => {
    const formEl = formRef.current;
    const active = document.activeElement;
    if (!formEl || !(active instanceof HTMLInputElement) || !formEl.contains(active)) return;
    const boxes = [...formEl.querySelectorAll<HTMLInputElement>('.step-content .field input')].filter(
      (input) => !['hidden', 'checkbox', 'radio'].includes(input.type),
    );
    const actions = formEl.querySelector('.form-actions');
    if (actions && boxes.at(-1) === active) revealBelowField(actions, active);
  }, [formRef]);
  useEffect(() => {
    const viewport = window.visualViewport;
    viewport?.addEventListener('resize', liftAction);
    return () => viewport?.removeEventListener('resize', liftAction);
  }, [liftAction]);
  // Back passes over a step the answers left unasked, as moving on did (the server renders the same link).
  const answers = valuesFromInputs(form, inputs, funnel.insurers);
  const previous = previousStepName(form, step.name, answers);
  // The counter counts the steps these answers ask: no gap where a step is passed over.
  const shown = askedPosition(form, step.name, answers);
  const fieldOf = (field: FieldDef) => (
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
      onCommit={onAnswer}
      advance={advance}
      focusFirst={field.name === focusName}
    />
  );
  // The phone and the email side by side on a wide screen (styles.css `.field-pair`): the contact
  // step's button then stands above a laptop's fold with its consent text whole.
  const fieldsOf = (fields: readonly FieldDef[]) =>
    fields.flatMap((field, i) => {
      const before = fields[i - 1];
      if (field.kind === 'tel' && fields[i + 1]?.kind === 'email') return [];
      if (field.kind === 'email' && before?.kind === 'tel')
        return [
          <div className="field-pair" key={`${before.name}-${field.name}`}>
            {fieldOf(before)}
            {fieldOf(field)}
          </div>,
        ];
      return [fieldOf(field)];
    });
  const consent = step.consent && funnel.consent && parts.consent ? parts.consent : null;
  // Honest hours: with agents away, the valid last step is held for the call-back step (a screen
  // of its own, so the contact step fits one phone screen); answered or declined, it is sent.
  const away = useAgentsAway(props.callHours, language) && isLast;
  const [callback, setCallback] = useState<'unasked' | 'asking' | 'answered'>('unasked');
  const hold: HoldStep = (phone) => {
    if (!away || callback === 'answered') return false;
    // Only when a company will call: a number to call, and on Medicare a company ticked.
    const sellers = formRef.current?.querySelectorAll<HTMLInputElement>('input[type=checkbox][data-seller]');
    const ticked = !sellers || sellers.length === 0 || [...sellers].some((box) => box.checked);
    if (!phone || !ticked) return false;
    setCallback('asking');
    return true;
  };
  const { setCallbackLabel } = st;
  const sendOn = useCallback(
    (label?: string) => {
      flushSync(() => {
        setCallbackLabel(label);
        setCallback('answered');
      });
      formRef.current?.requestSubmit();
    },
    [formRef, setCallbackLabel],
  );
  const backToStep = useCallback(() => setCallback('unasked'), []);
  const asking = away && callback === 'asking';
  return (
    <form
      ref={formRef}
      method="post"
      action={`${basePath}/${step.name}${search}`}
      className="card"
      noValidate
      onSubmit={(event) => onSubmit(event, hold)}
      onFocus={() => {
        prefetchSubmit();
        requestAnimationFrame(liftAction);
      }}
      onBlur={onLeaveField}
      {...pressHandlers}
      aria-labelledby={`${idPrefix}-title`}
    >
      {/* Enter in a field presses the form's first submit button (its default), with or
          without JavaScript. That is this one, the step's main action, not "Add another driver". */}
      <button className="default-submit" type="submit" tabIndex={-1} aria-hidden="true" disabled={status === 'sending'}>
        {mainLabel}
      </button>
      {asking ? <CallbackOffer formId={formId} language={language} onDone={sendOn} onBack={backToStep} /> : null}
      {/* The step's own content, hidden (kept, with Turnstile's widget) while the call-back step shows. */}
      <div className="step-content" hidden={asking}>
        <StepBody
          head={
            <>
              {previous ? <BackLink href={`${basePath}/${previous}${search}`} label={s.back} /> : null}
              {number > 1 && place ? <PlaceLine place={place} product={form.product} language={language} /> : null}
            </>
          }
          step={step}
          number={shown.number}
          total={shown.total}
          language={language}
          idPrefix={idPrefix}
          headingRef={headingRef}
          groupSlots={groupSlots}
          fieldsOf={fieldsOf}
        />
        {refused.length > 0 ? (
          <div className="typo-choice" data-typo-choice="">
            <p className="hint">{s.typoNote}</p>
            <button
              className="btn-quiet"
              type="submit"
              name="_action"
              value={WITHOUT_ACTION}
              formNoValidate
              disabled={status === 'sending'}
            >
              {refused.length > 1
                ? s.withoutMany
                : refused[0]?.kind === 'tel'
                  ? s.withoutTel
                  : refused[0]?.kind === 'email'
                    ? s.withoutEmail
                    : s.withoutDate}
            </button>
          </div>
        ) : null}
        <input type="hidden" name="submissionId" value={submissionId} />
        <Honeypot inputRef={honeypotRef} />
        {isLast && funnel.turnstile ? <div ref={turnstileSlot} className="turnstile-slot" /> : null}
        {funnel.formToken ? <input type="hidden" name="quoteToken" value={funnel.formToken} /> : null}
        {step.group && groupSlots !== undefined ? (
          <input type="hidden" name={`${step.group.prefix}s`} value={groupSlots} />
        ) : null}
        {consent && funnel.consent ? (
          <consent.ConsentBlock consent={funnel.consent} language={language} idPrefix={idPrefix} />
        ) : null}
        {status === 'failed' || status === 'limited' ? (
          <p className="error" role="alert">
            {status === 'limited' ? s.limited : s.networkError}
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
            aria-describedby={
              step.consent && funnel.consent ? `${idPrefix}-consent-summary ${idPrefix}-consent` : undefined
            }
          >
            {status === 'sending' ? s.sending : mainLabel}
          </button>
          {step.skippable ? (
            <button
              className="btn-quiet"
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
        {consent && funnel.consent ? <consent.AdSharingBox consent={funnel.consent} /> : null}
        {consent && funnel.consent ? <consent.ConsentNote consent={funnel.consent} language={language} /> : null}
      </div>
    </form>
  );
}

/**
 * The visible way back: a link to the previous step (its answers are kept, so they show
 * again). In the page, the step before was this tab's previous history entry when the visitor
 * came forward through the form, so going back there keeps forward working too.
 */
function BackLink({ href, label }: { href: string; label: string }) {
  return (
    <a
      className="step-back"
      href={href}
      onClick={(event) => {
        const state: unknown = history.state;
        if (typeof state === 'object' && state !== null && 'quoteStep' in state) {
          event.preventDefault();
          history.back();
        }
      }}
    >
      <span aria-hidden="true">← </span>
      {label}
    </a>
  );
}

/**
 * Moving between steps in the page: the History API (back and forward work), the parts a step
 * needs loaded first, the form's top scrolled into view with the focus on the question, the
 * page view tracked; the finish (the confirmation and the leased number) and "edit my answers".
 */
import { useCallback, useEffect, useRef } from 'react';
import { groupCount, findStep } from '../../../shared/forms/engine';
import { withEditAnswers } from '../../../shared/forms/finish';
import { navigateTo } from '../../navigate';
import { showPhone } from '../../phone-source';
import { scrollToElement } from '../../scroll';
import { trackStepEntered } from './analytics';
import { newId, stepFromPath } from './form-helpers';
import { valuesFromInputs, type Inputs } from './inputs';
import { partsFor } from './parts';
import { prefetchTurnstile } from './turnstile';
import { submitCode } from './submit-code';
import type { FormState } from './use-form-state';

export function useStepFlow(st: FormState) {
  const { form, need, props, entered, formRef, headingRef, step, number, completed, stepNames, inputsRef } = st;
  const { setSlots, setErrors, setStatus, setSubmissionId, setStepName } = st;
  const { basePath, funnel } = props;

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
    [form, funnel.insurers, setErrors, setSlots, entered, setStatus, setSubmissionId, setStepName],
  );

  // After an in-page step change: the form's top into view (24 px + sticky bars), focus on the question, pageView.
  useEffect(() => {
    const info = entered.current;
    if (!info) return;
    entered.current = null;
    if (formRef.current) scrollToElement(formRef.current);
    headingRef.current?.focus({ preventScroll: true });
    trackStepEntered({ name: step.name, number }, info.fallback);
  }, [step.name, number, entered, formRef, headingRef]);

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
  }, [basePath, stepNames, enterWhenReady, inputsRef]);

  const goTo = (next: string, query: string = st.search) => {
    const url = `${basePath}/${next}${query}`;
    // A newer deployment was seen: load the next step from the server instead.
    if (document.documentElement.hasAttribute('data-stale-build')) {
      navigateTo(url);
      return;
    }
    if (form.replaceHistory) history.replaceState({ quoteStep: next }, '', url);
    else history.pushState({ quoteStep: next }, '', url);
    void enterWhenReady(next, false, st.inputs);
  };

  const finish = async () => {
    // The confirmation replaces the form; a reload of this address shows it again.
    const done = withEditAnswers(st.search, false);
    st.setSearch(done);
    if (done !== location.search)
      history.replaceState(history.state, '', `${location.pathname}${done}${location.hash}`);
    st.finishedHere.current = true;
    await need(['confirmation']);
    st.setServerOffers(undefined);
    st.setArrived(false);
    st.setCompleted(true);
    await leaseNumber();
  };

  /**
   * The tracked number on every call button (header, call bar, the finish): after the final
   * step, and (Medicare) as soon as the call's answers are in (src/shared/forms/call-ready.ts).
   */
  const leaseNumber = async () => {
    const zipcode = st.inputs.zipcode;
    const zip = typeof zipcode === 'string' && /^\d{5}$/.test(zipcode) ? zipcode : undefined;
    const { leasedPhone } = await submitCode();
    const leased = await leasedPhone({ product: form.product, page: props.pageName, zip });
    if (leased) showPhone(leased.phone, leased.expiresInMs, props.phone);
  };

  // A finish loaded again with no live number: the lease call of the last step failed or
  // outlasted the partner timeout, and only a number the partner gave is stored, so this page
  // asks once more, as the visit's next page would (the call is the conversion). A live lease,
  // or the default number stored for a page with no placement, counts as leased: no call then
  // (docs/decisions/0351).
  const askedOnLoad = useRef(false);
  useEffect(() => {
    if (askedOnLoad.current) return;
    askedOnLoad.current = true;
    if (completed && !st.finishedHere.current && !st.phone.leased) void leaseNumber();
  });

  // The confirmation takes the viewport and the focus right after the last step.
  const { finishedHere, doneRef } = st;
  useEffect(() => {
    if (!completed || !finishedHere.current) return;
    finishedHere.current = false;
    const card = doneRef.current?.closest('section');
    if (card) scrollToElement(card);
    doneRef.current?.focus({ preventScroll: true });
  }, [completed, finishedHere, doneRef]);

  const firstStep = form.steps[0]?.name ?? step.name;
  const editHref = `${basePath}/${firstStep}${withEditAnswers(st.search, true)}`;
  const editAnswers = (event: { preventDefault: () => void }) => {
    event.preventDefault();
    const query = withEditAnswers(st.search, true);
    st.setSearch(query);
    st.setCompleted(false);
    goTo(firstStep, query);
  };

  return { goTo, finish, leaseNumber, editHref, editAnswers };
}

export type StepFlow = ReturnType<typeof useStepFlow>;

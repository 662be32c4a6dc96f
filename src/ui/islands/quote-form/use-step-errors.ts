/**
 * The errors of the step on screen. An error shows only while its field is invalid: it appears
 * when the visitor leaves a field (blur) or changes a choice, or when a submit is refused, and
 * it clears as soon as the value is valid, keystroke by keystroke, so the layout settles while
 * the visitor types, not while they press Continue.
 *
 * Never under the pointer: a field left by pressing one of the form's buttons (the press moves
 * the focus) is not judged then. Showing its message would push the button down between the
 * press and the release, and the release would land beside it: the tap eaten. The submit that
 * follows judges every field at once, as the Worker will.
 */
import { useCallback, useEffect, useRef, useState, type PointerEvent } from 'react';
import type { Language } from '../../../routes/schema';
import { stepFields } from '../../../shared/forms/engine';
import { fieldValue, isEmpty } from '../../../shared/forms/field-rules';
import { outsideFieldAges } from '../../../shared/forms/ages';
import { problemMessage } from '../../../shared/forms/messages';
import type { FieldDef, StepDef } from '../../../shared/forms/types';
import { isPartial } from './form-helpers';
import { choicesOf, type Inputs } from './inputs';
import { useUnknownZips } from './place-line';
import type { FunnelProps } from './types';

export type Errors = Record<string, string>;

/** How long after pressing a button a field's blur is left to the submit (a long touch press included). */
const PRESS_MS = 1500;

interface StepErrorsInput {
  step: StepDef;
  groupSlots: number | undefined;
  language: Language;
  funnel: Pick<FunnelProps, 'missing' | 'unknown' | 'insurers' | 'retry'>;
  inputs: Inputs;
  inputsRef: { readonly current: Inputs };
}

export function useStepErrors({ step, groupSlots, language, funnel, inputs, inputsRef }: StepErrorsInput) {
  const [errors, setErrors] = useState<Errors>(() => {
    const initial: Errors = {};
    for (const field of stepFields(step, groupSlots)) {
      if (funnel.missing.includes(field.name) || funnel.retry?.typos.includes(field.name))
        initial[field.name] = problemMessage(
          field,
          language,
          funnel.unknown.includes(field.name) ? 'unknown' : 'missing',
        );
    }
    return initial;
  });
  // The page's lookup of the typed ZIP code came back unknown: say so on the field now.
  const unknownZips = useUnknownZips((zip) => {
    const found: Errors = {};
    for (const field of stepFields(step)) {
      if (field.kind === 'zip' && (inputsRef.current[field.name] ?? '').trim() === zip)
        found[field.name] = problemMessage(field, language, 'unknown');
    }
    if (Object.keys(found).length > 0) setErrors((prev) => ({ ...prev, ...found }));
  });

  /** Spec section 5: empty is not an error until submit; anything else must satisfy its rule. */
  const check = useCallback(
    (field: FieldDef, current: Inputs, whole: boolean): string | undefined => {
      if (isEmpty(field, current)) return undefined;
      // A date is judged once all three parts are in (or on submit).
      if (!whole && isPartial(field, current)) return undefined;
      const value = fieldValue(field, current, choicesOf(field, funnel.insurers));
      if (value === undefined) return problemMessage(field, language);
      const refused =
        (field.kind === 'zip' && unknownZips.has(String(value))) || outsideFieldAges(field, value, new Date());
      return refused ? problemMessage(field, language, 'unknown') : undefined;
    },
    [funnel.insurers, language, unknownZips],
  );

  // When the visitor last pressed one of the form's buttons (performance.now()), 0 when the press is over.
  const pressedAt = useRef(0);

  const onCommit = useCallback(
    (field: FieldDef, changed?: Inputs) => {
      const current = { ...inputs, ...changed };
      const error = check(field, current, false);
      // Leaving a field by pressing a button: the submit judges it, nothing moves under the pointer.
      if (error && pressedAt.current > 0 && performance.now() - pressedAt.current < PRESS_MS) return;
      setErrors((prev) => {
        if (prev[field.name] === error) return prev;
        const next = { ...prev };
        if (error) next[field.name] = error;
        else delete next[field.name];
        return next;
      });
    },
    [inputs, check],
  );

  // An error clears as soon as its field holds a valid answer (as typed, not only on blur).
  useEffect(() => {
    setErrors((prev) => {
      let next = prev;
      for (const field of stepFields(step, groupSlots)) {
        if (!(field.name in prev) || isEmpty(field, inputs) || check(field, inputs, true) !== undefined) continue;
        if (next === prev) next = { ...prev };
        delete next[field.name];
      }
      return next;
    });
  }, [inputs, step, groupSlots, check]);

  const errorsFor = useCallback(
    (st: StepDef, names: readonly string[], unknown: readonly string[]): Errors => {
      const out: Errors = {};
      for (const field of stepFields(st, groupSlots)) {
        if (names.includes(field.name))
          out[field.name] = problemMessage(field, language, unknown.includes(field.name) ? 'unknown' : 'missing');
      }
      return out;
    },
    [groupSlots, language],
  );

  /** For the form: a press on one of its buttons starts; the click that ends it (or a cancel) ends it. */
  const pressHandlers = {
    onPointerDownCapture: (event: PointerEvent<HTMLFormElement>) => {
      pressedAt.current = event.target instanceof Element && event.target.closest('button') ? performance.now() : 0;
    },
    onClickCapture: () => {
      // After this click's own handlers (the submit) have run.
      setTimeout(() => (pressedAt.current = 0), 0);
    },
    onPointerCancelCapture: () => {
      pressedAt.current = 0;
    },
  };

  return { errors, setErrors, unknownZips, onCommit, errorsFor, pressHandlers };
}

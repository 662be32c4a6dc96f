/** The inside of a step: progress, the question, its fields, and driver or vehicle slots with add and remove. */
import type { ReactNode, RefObject } from 'react';
import type { Language } from '../../../routes/schema';
import { formMessages } from '../../../shared/forms/messages';
import type { FieldDef, StepDef } from '../../../shared/forms/types';

interface StepBodyProps {
  step: StepDef;
  number: number;
  total: number;
  language: Language;
  idPrefix: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
  groupSlots: number | undefined;
  fieldsOf: (fields: readonly FieldDef[]) => ReactNode;
  /** Back and the place line, on the step count's row. */
  head?: ReactNode;
}

export function StepBody({
  step,
  number,
  total,
  language,
  idPrefix,
  headingRef,
  groupSlots,
  fieldsOf,
  head,
}: StepBodyProps) {
  const s = formMessages(language);
  const progress = s.stepOf.replace('{n}', String(number)).replace('{total}', String(total));
  const group = step.group;
  const slots = group && groupSlots !== undefined ? Array.from({ length: groupSlots }, (_, i) => i + 1) : [];
  return (
    <>
      {/* Back, the place and the step count share one row: three rows of chrome pushed the
          main button under the call bar on a phone. */}
      <div className="step-head">
        {head}
        <p className="progress-label">{progress}</p>
      </div>
      {/* A native progress element: the CSP allows no inline style attributes. */}
      <progress className="progress" value={number} max={total} aria-label={progress}>
        {progress}
      </progress>
      <h2 id={`${idPrefix}-title`} ref={headingRef} tabIndex={-1}>
        {step.title[language]}
      </h2>
      {step.intro ? <p className="hint">{step.intro[language]}</p> : null}
      {fieldsOf(step.fields)}
      {group
        ? slots.map((slot) => (
            <fieldset key={`${group.prefix}${slot}`} className="slot" data-slot={`${group.prefix}${slot}`}>
              <legend>{group.slotLabel[language].replace('{n}', String(slot))}</legend>
              {fieldsOf(group.fields(slot))}
              {slots.length > 1 && !group.continues ? (
                <button className="btn btn--ghost" type="submit" name="_action" value={`remove:${slot}`} formNoValidate>
                  {group.remove[language].replace('{n}', String(slot))}
                </button>
              ) : null}
            </fieldset>
          ))
        : null}
      {group && !group.continues && groupSlots !== undefined && groupSlots < group.max ? (
        <p>
          <button className="btn btn--ghost" type="submit" name="_action" value="add" formNoValidate>
            {group.add[language]}
          </button>
        </p>
      ) : null}
    </>
  );
}

/**
 * One question of a step. Validation runs on blur and on change (spec section 5): text inputs
 * report on blur, choices on change; an error already shown clears as soon as the value is
 * valid (./use-step-errors.ts). Errors are tied to their input
 * (aria-invalid, aria-describedby) and announced (role=alert).
 */
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import type { Language } from '../../../routes/schema';
import { formMessages } from '../../../shared/forms/messages';
import { maskPhone } from '../../../shared/forms/field-rules';
import type { FieldDef, Option } from '../../../shared/forms/types';
import type { FunnelProps } from './types';
import type { Inputs } from './inputs';
import { SelectTiles } from './select-tiles';

export interface FieldProps {
  field: FieldDef;
  language: Language;
  inputs: Inputs;
  error: string | undefined;
  idPrefix: string;
  options: readonly Option[];
  vehicles: FunnelProps['vehicles'];
  onInput: (name: string, value: string) => void;
  /** Validate the field; `changed` holds input values newer than the last render. */
  onCommit: (field: FieldDef, changed?: Inputs) => void;
  /**
   * The date and vehicle questions' code, at hand on the steps that ask them (./parts.ts loads
   * it). Typed here by shape: those files import this one, and a type taken from ./parts.ts
   * would tie the four files into one loop.
   */
  parts: FieldParts;
  /**
   * On a one-tap step (src/shared/forms/one-tap.ts): the tap, click or Space that picks a tile
   * is the step's submit. Absent elsewhere, where a choice waits for Continue.
   */
  advance?: (name: string, value: string) => void;
  /** The first field to fix on a step shown again as posted (no JavaScript): it takes the focus. */
  focusFirst?: boolean;
}

type FieldComponent = (props: FieldProps) => ReactNode;
export interface FieldParts {
  date?: { DateField: FieldComponent };
  vehicle?: { VehicleField: FieldComponent };
}

const TEXT_TYPES = { zip: 'text', text: 'text', email: 'email', tel: 'tel' } as const;

export function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const list = ids.filter((id): id is string => typeof id === 'string' && id !== '');
  return list.length ? list.join(' ') : undefined;
}

/** The field's message while it is invalid; nothing once it is valid (./use-step-errors.ts). */
export function ErrorText({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p className="error" id={id} role="alert">
      {error}
    </p>
  ) : null;
}

/**
 * Under a typed box: its hint (`{id}-hint`, which the box names in aria-describedby) and its
 * message while it is invalid. One place, so a hint reads the same under every kind of box.
 */
export function HintAndError({
  field,
  language,
  id,
  error,
}: Pick<FieldProps, 'field' | 'language' | 'error'> & { id: string }) {
  return (
    <>
      {field.hint ? (
        <p className="hint" id={`${id}-hint`}>
          {field.hint[language]}
        </p>
      ) : null}
      <ErrorText id={`${id}-error`} error={error} />
    </>
  );
}

/**
 * Enter on a closed list or a choice submits the step as it does in a text field:
 * through the form's first submit button, its default (the step's main action).
 */
function submitOnEnter(e: KeyboardEvent<HTMLSelectElement | HTMLInputElement>) {
  if (e.key !== 'Enter') return;
  e.preventDefault();
  const form = e.currentTarget.form;
  const main = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (form && main && !main.disabled) form.requestSubmit(main);
}

export function SelectInput(
  props: FieldProps & {
    name: string;
    id: string;
    label?: string;
    choices: readonly Option[];
    onPicked?: (value: string) => void;
  },
) {
  const { name, id, choices, inputs, error, idPrefix, field, language, onInput, onCommit, onPicked } = props;
  const value = inputs[name] ?? '';
  const known = value === '' || choices.some((c) => c.value === value);
  return (
    <select
      id={id}
      name={name}
      value={value}
      // eslint-disable-next-line jsx-a11y/no-autofocus -- only on a step the server answered with its error, no script to move the focus to the field to fix
      autoFocus={props.focusFirst}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(error && `${idPrefix}-${field.name}-error`)}
      onKeyDown={submitOnEnter}
      onChange={(e) => {
        onInput(name, e.target.value);
        onPicked?.(e.target.value);
        onCommit(field, { [name]: e.target.value });
      }}
    >
      <option value="" disabled>
        {formMessages(language).select}
      </option>
      {known ? null : <option value={value}>{value}</option>}
      {choices.map((c) => (
        <option key={c.value} value={c.value}>
          {c.label[language]}
        </option>
      ))}
    </select>
  );
}

function ChoiceField(props: FieldProps) {
  const { field, inputs, idPrefix, language, error, options, onInput, onCommit, advance } = props;
  const id = `${idPrefix}-${field.name}`;
  // Arrow keys move the choice within the group as radios do; they are not an answer yet, so
  // they never move on (Space, Enter, a tap or a click do).
  const arrowing = useRef(false);
  const onKeyDown = (value: string) => (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key.startsWith('Arrow')) {
      arrowing.current = true;
      setTimeout(() => (arrowing.current = false), 0);
    }
    // Space on a radio already chosen is no click in Chromium: the tile answers it itself.
    if (e.key === ' ' && advance && !e.repeat) {
      e.preventDefault();
      advance(field.name, value);
      return;
    }
    submitOnEnter(e);
  };
  return (
    // The group carries the error state: ARIA gives aria-invalid to a radiogroup, not to its radios.
    <fieldset
      className="field"
      role="radiogroup"
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(error && `${id}-error`)}
    >
      <legend id={`${id}-legend`}>{field.label[language]}</legend>
      <div className={advance ? 'choices tiles' : shortChoices(options, language) ? 'choices row' : 'choices'}>
        {options.map((o) => (
          <label key={o.value}>
            <input
              type="radio"
              name={field.name}
              value={o.value}
              checked={inputs[field.name] === o.value}
              onKeyDown={onKeyDown(o.value)}
              onChange={() => {
                onInput(field.name, o.value);
                onCommit(field, { [field.name]: o.value });
              }}
              // A click also comes for a tile already chosen (a visitor back on the step taps
              // their answer again), where no change event does.
              onClick={advance && (() => arrowing.current || advance(field.name, o.value))}
            />
            {o.label[language]}
          </label>
        ))}
      </div>
      <ErrorText id={`${id}-error`} error={error} />
    </fieldset>
  );
}

/**
 * A few short answers (yes/no, a gender) sit side by side rather than one under another: a
 * row saves a line per answer, which is what keeps a step's Continue on the screen after
 * its last answer. Longer or more answers stay a column, readable at any width.
 */
function shortChoices(options: readonly Option[], language: Language): boolean {
  return options.length <= 3 && options.every((o) => o.label[language].length <= 12);
}

function TextField(props: FieldProps) {
  const { field, inputs, idPrefix, language, error, onInput, onCommit } = props;
  const id = `${idPrefix}-${field.name}`;
  const kind =
    field.kind === 'zip' || field.kind === 'text' || field.kind === 'email' || field.kind === 'tel'
      ? field.kind
      : 'text';
  const hintId = field.hint ? `${id}-hint` : undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{field.label[language]}</label>
      <input
        id={id}
        name={field.name}
        type={TEXT_TYPES[kind]}
        inputMode={kind === 'zip' ? 'numeric' : kind === 'tel' ? 'tel' : undefined}
        maxLength={kind === 'zip' ? 5 : kind === 'tel' ? 14 : 256}
        autoComplete={field.autoComplete}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- only on a step the server answered with its error, no script to move the focus to the field to fix
        autoFocus={props.focusFirst}
        value={inputs[field.name] ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hintId, error && `${id}-error`)}
        onChange={(e) => onInput(field.name, kind === 'tel' ? maskPhone(e.target.value) : e.target.value)}
        onBlur={() => onCommit(field)}
      />
      <HintAndError field={field} language={language} id={id} error={error} />
    </div>
  );
}

function PlainSelectField(props: FieldProps) {
  const { field, idPrefix, language, error, options } = props;
  const id = `${idPrefix}-${field.name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{field.label[language]}</label>
      {field.tiles ? <SelectTiles {...props} /> : null}
      <SelectInput {...props} name={field.name} id={id} choices={options} />
      <ErrorText id={`${id}-error`} error={error} />
    </div>
  );
}

export function Field(props: FieldProps) {
  switch (props.field.kind) {
    case 'yesno':
    case 'radio':
      return <ChoiceField {...props} />;
    case 'select':
      return <PlainSelectField {...props} />;
    case 'date-parts':
      return props.parts.date ? <props.parts.date.DateField {...props} /> : null;
    case 'vehicle-year':
    case 'vehicle-make':
    case 'vehicle-model':
      return props.parts.vehicle ? <props.parts.vehicle.VehicleField {...props} /> : null;
    default:
      return <TextField {...props} />;
  }
}

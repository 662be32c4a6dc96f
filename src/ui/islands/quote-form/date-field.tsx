/**
 * A date of birth on the auto and life forms: a chunk of its own, loaded on the steps that ask
 * it (./parts.ts). In three parts (month, day, year), or typed in one box (`oneBox`, the auto
 * form's drivers: one tap and the number pad instead of a list and two boxes).
 */
import { formMessages } from '../../../shared/forms/messages';
import { inputNames } from '../../../shared/forms/field-rules';
import { dateBoxParts, dateBoxText, maskDateBox } from '../../../shared/forms/date-box';
import { describedBy, ErrorText, HintAndError, SelectInput, type FieldProps } from './field';

/**
 * One box, MM/DD/YYYY. The box's text is the island's `inputs[field.name]`; its parts (what the
 * form judges and sends) follow it, empty until the date is whole. A stored date shows from its
 * parts, the same on the server and in the browser's first render.
 */
function DateBox(props: FieldProps) {
  const { field, inputs, idPrefix, language, error, onInput, onCommit } = props;
  const id = `${idPrefix}-${field.name}`;
  const [month, day, year] = inputNames(field) as [string, string, string];
  const hintId = field.hint ? `${id}-hint` : undefined;
  const shown = inputs[field.name] ?? dateBoxText(inputs[month] ?? '', inputs[day] ?? '', inputs[year] ?? '');
  return (
    <div className="field">
      <label htmlFor={id}>{field.label[language]}</label>
      <input
        id={id}
        name={field.name}
        inputMode="numeric"
        autoComplete="bday"
        maxLength={10}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- only on a step the server answered with its error, no script to move the focus to the field to fix
        autoFocus={props.focusFirst}
        value={shown}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hintId, error && `${id}-error`)}
        onChange={(e) => {
          const text = maskDateBox(e.target.value);
          const parts = dateBoxParts(text);
          onInput(field.name, text);
          onInput(month, parts?.month ?? '');
          onInput(day, parts?.day ?? '');
          onInput(year, parts?.year ?? '');
          // The year's fourth digit completes the date: judged then, as the three parts are.
          if (parts) onCommit(field, { [month]: parts.month, [day]: parts.day, [year]: parts.year });
        }}
        onBlur={() => onCommit(field)}
      />
      <HintAndError field={field} language={language} id={id} error={error} />
    </div>
  );
}

export function DateField(props: FieldProps) {
  if (props.field.oneBox) return <DateBox {...props} />;
  const { field, inputs, idPrefix, language, error, options, onInput, onCommit } = props;
  const s = formMessages(language);
  const id = `${idPrefix}-${field.name}`;
  const [month, day, year] = inputNames(field) as [string, string, string];
  const errorId = error ? `${id}-error` : undefined;
  // The day and the year: digits only, each its own labelled input.
  const digits = (part: 'day' | 'year', name: string, autoComplete: string, maxLength: number) => (
    <div>
      <label htmlFor={`${id}-${part}`}>{s[part]}</label>
      <input
        id={`${id}-${part}`}
        name={name}
        inputMode="numeric"
        autoComplete={autoComplete}
        maxLength={maxLength}
        value={inputs[name] ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
        onChange={(e) => {
          const value = e.target.value.replace(/\D/g, '');
          onInput(name, value);
          // The fourth digit of the year completes the date: judged then, as a choice is,
          // without waiting for the visitor to leave the box.
          if (part === 'year' && value.length === maxLength) onCommit(field, { [name]: value });
        }}
        onBlur={() => onCommit(field)}
      />
    </div>
  );
  return (
    <fieldset className="field date-parts">
      <legend>{field.label[language]}</legend>
      <div className="date-parts__row">
        <div>
          <label htmlFor={`${id}-month`}>{s.month}</label>
          <SelectInput {...props} name={month} id={`${id}-month`} choices={options} />
        </div>
        {digits('day', day, 'bday-day', 2)}
        {digits('year', year, 'bday-year', 4)}
      </div>
      <ErrorText id={`${id}-error`} error={error} />
    </fieldset>
  );
}

/**
 * A date of birth in three parts (month, day, year) on the auto and life forms: a chunk of its
 * own, loaded on the steps that ask it (./parts.ts).
 */
import { formMessages } from '../../../shared/forms/messages';
import { inputNames } from '../../../shared/forms/field-rules';
import { ErrorText, SelectInput, type FieldProps } from './field';

export function DateField(props: FieldProps) {
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

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
  return (
    <fieldset className="field date-parts">
      <legend>{field.label[language]}</legend>
      <div className="date-parts__row">
        <div>
          <label htmlFor={`${id}-month`}>{s.month}</label>
          <SelectInput {...props} name={month} id={`${id}-month`} choices={options} />
        </div>
        <div>
          <label htmlFor={`${id}-day`}>{s.day}</label>
          <input
            id={`${id}-day`}
            name={day}
            inputMode="numeric"
            autoComplete="bday-day"
            maxLength={2}
            value={inputs[day] ?? ''}
            aria-invalid={error ? true : undefined}
            aria-describedby={errorId}
            onChange={(e) => onInput(day, e.target.value.replace(/\D/g, ''))}
            onBlur={() => onCommit(field)}
          />
        </div>
        <div>
          <label htmlFor={`${id}-year`}>{s.year}</label>
          <input
            id={`${id}-year`}
            name={year}
            inputMode="numeric"
            autoComplete="bday-year"
            maxLength={4}
            value={inputs[year] ?? ''}
            aria-invalid={error ? true : undefined}
            aria-describedby={errorId}
            onChange={(e) => onInput(year, e.target.value.replace(/\D/g, ''))}
            onBlur={() => onCommit(field)}
          />
        </div>
      </div>
      <ErrorText id={`${id}-error`} error={error} />
    </fieldset>
  );
}

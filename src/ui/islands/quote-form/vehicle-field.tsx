/**
 * The vehicle questions (year, make, model) of the auto form: a chunk of its own, loaded on the
 * steps that ask them (./parts.ts), with the data set's lookups (./vehicle-data.ts).
 */
import type { Option } from '../../../shared/forms/types';
import { describedBy, ErrorText, SelectInput, type FieldProps } from './field';
import { useYearModels } from './vehicle-data';

const asOptions = (values: readonly (string | number)[]): Option[] =>
  values.map((v) => ({ value: String(v), label: { english: String(v), spanish: String(v) } }));

/** Year, make or model: selects from the data set; the model is typed until the year's list has loaded. */
export function VehicleField(props: FieldProps) {
  const { field, inputs, idPrefix, language, error, onInput, onCommit, vehicles } = props;
  const id = `${idPrefix}-${field.name}`;
  const prefix = field.name.replace(/(Year|Make|Model)$/, '');
  const models = useYearModels(inputs[`${prefix}Year`] ?? '');
  let control;
  if (field.kind === 'vehicle-year' && vehicles) {
    control = (
      <SelectInput
        {...props}
        name={field.name}
        id={id}
        choices={asOptions(vehicles.years)}
        onPicked={() => undefined}
      />
    );
  } else if (field.kind === 'vehicle-make' && (models || vehicles)) {
    const makes = models ? Object.keys(models) : (vehicles?.makes ?? []);
    control = (
      <SelectInput
        {...props}
        name={field.name}
        id={id}
        choices={asOptions(makes)}
        onPicked={() => onInput(`${prefix}Model`, '')}
      />
    );
  } else if (field.kind === 'vehicle-model' && models && models[inputs[`${prefix}Make`] ?? ''] !== undefined) {
    control = (
      <SelectInput
        {...props}
        name={field.name}
        id={id}
        choices={asOptions(models[inputs[`${prefix}Make`] ?? ''] ?? [])}
      />
    );
  } else {
    control = (
      <input
        id={id}
        name={field.name}
        type="text"
        maxLength={50}
        value={inputs[field.name] ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error && `${id}-error`)}
        onChange={(e) => onInput(field.name, e.target.value)}
        onBlur={() => onCommit(field)}
      />
    );
  }
  return (
    <div className="field">
      <label htmlFor={id}>{field.label[language]}</label>
      {control}
      <ErrorText id={`${id}-error`} error={error} />
    </div>
  );
}

/**
 * The vehicle questions (year, make and model) of the auto forms: a chunk of its own, loaded on
 * the steps that ask them (./parts.ts), with the data set's lookups (./vehicle-data.ts).
 * Each is a list of the data set's values with tiles for the common answers above it: recent
 * years, the common makes of that year, and the make's models (all when there are few, else its
 * common ones: src/shared/lead/common-models.ts). A tile answers
 * in one tap and moves the focus to the next question. A make or model list longer than its
 * tiles is a box to type into with suggestions (./vehicle-typeahead.tsx); the years, short and
 * ordered, stay a select. Tiles and the box need the page's script, so they appear once it runs;
 * without it the server's selects alone post with the form.
 */
import { useSyncExternalStore } from 'react';
import type { Option } from '../../../shared/forms/types';
import { describedBy, ErrorText, SelectInput, type FieldProps } from './field';
import { useYearModels } from './vehicle-data';
import { modelTiles } from '../../../shared/lead/common-models';
import { VehicleTypeahead } from './vehicle-typeahead';

const asOptions = (values: readonly (string | number)[]): Option[] =>
  values.map((v) => ({ value: String(v), label: { english: String(v), spanish: String(v) } }));

/** The makes most US drivers have, most common first; a tile shows only those in the year's list. */
const COMMON_MAKES = ['Toyota', 'Ford', 'Chevrolet', 'Honda', 'Nissan', 'Hyundai', 'Jeep', 'Kia'];
const TILES = 8;
const noSubscription = () => () => undefined;
const inBrowser = () => true;
const onServer = () => false;

const TILE_LABEL = {
  english: { year: 'Recent years', make: 'Common makes', model: 'Models' },
  spanish: { year: 'Años recientes', make: 'Marcas comunes', model: 'Modelos' },
} as const;

function tileValues(kind: FieldProps['field']['kind'], choices: readonly string[], make: string | undefined): string[] {
  if (kind === 'vehicle-year') {
    const now = new Date().getFullYear();
    return choices.filter((y) => Number(y) <= now).slice(0, TILES);
  }
  if (kind === 'vehicle-make') return COMMON_MAKES.filter((m) => choices.includes(m)).slice(0, TILES);
  return modelTiles(make, choices);
}

/** Common answers as one-tap buttons; the chosen one is pressed. */
function Tiles(props: FieldProps & { choices: readonly string[]; onPick: (value: string) => void }) {
  const { field, inputs, language, choices, onPick } = props;
  const values = tileValues(field.kind, choices, inputs[field.name.replace(/Model$/, 'Make')]);
  if (values.length === 0) return null;
  const which = field.kind === 'vehicle-year' ? 'year' : field.kind === 'vehicle-make' ? 'make' : 'model';
  return (
    <div className="vehicle-tiles" role="group" aria-label={TILE_LABEL[language][which]}>
      {values.map((v) => (
        <button
          key={v}
          type="button"
          className="vehicle-tile"
          aria-pressed={inputs[field.name] === v}
          onClick={() => onPick(v)}
        >
          {v}
        </button>
      ))}
    </div>
  );
}

/** Year, make or model: the data set's list with its common answers as tiles; the model is typed until the year's list has loaded. */
export function VehicleField(props: FieldProps) {
  const { field, inputs, idPrefix, language, error, onInput, onCommit, vehicles } = props;
  const id = `${idPrefix}-${field.name}`;
  const prefix = field.name.replace(/(Year|Make|Model)$/, '');
  const models = useYearModels(inputs[`${prefix}Year`] ?? '');
  // Tiles need the script: none in the server's page, and hydration renders the server's view
  // first (the server snapshot), then the tiles.
  const scripted = useSyncExternalStore(noSubscription, inBrowser, onServer);

  /** The model stays with the same make (its year's list may not have loaded yet), or with a make that has it that year. */
  const keepsModel = (make: string, model: string) =>
    make === inputs[field.name] || (models?.[make]?.includes(model) ?? false);

  /** A tile's answer: as if chosen in the list, then on to the vehicle's next question. */
  const pick = (value: string, clears?: string) => {
    onInput(field.name, value);
    if (clears && !keepsModel(value, inputs[clears] ?? '')) onInput(clears, '');
    onCommit(field, { [field.name]: value });
    const next = field.kind === 'vehicle-year' ? 'Make' : field.kind === 'vehicle-make' ? 'Model' : null;
    // After the next render: the make's list may only now hold the year's makes.
    if (next) requestAnimationFrame(() => document.getElementById(`${idPrefix}-${prefix}${next}`)?.focus());
  };

  let choices: readonly string[] | null = null;
  let clears: string | undefined;
  if (field.kind === 'vehicle-year' && vehicles) {
    choices = vehicles.years.map(String);
  } else if (field.kind === 'vehicle-make' && (models || vehicles)) {
    choices = models ? Object.keys(models) : (vehicles?.makes ?? []);
    clears = `${prefix}Model`;
  } else if (field.kind === 'vehicle-model' && models && models[inputs[`${prefix}Make`] ?? ''] !== undefined) {
    choices = models[inputs[`${prefix}Make`] ?? ''] ?? [];
  }
  // Make and model lists longer than their tiles are typed into; the years stay a select.
  const listed =
    scripted &&
    choices &&
    field.kind !== 'vehicle-year' &&
    choices.length > tileValues(field.kind, choices, inputs[`${prefix}Make`]).length
      ? choices
      : null;
  const control = listed ? (
    <VehicleTypeahead
      id={id}
      name={field.name}
      label={field.label[language]}
      language={language}
      choices={listed}
      value={inputs[field.name] ?? ''}
      error={error}
      onType={(value) => {
        // Typing is not choosing: the model goes only when the text names a listed make it does not belong to.
        if (clears && listed.includes(value) && !keepsModel(value, inputs[clears] ?? '')) onInput(clears, '');
        onInput(field.name, value);
      }}
      onPick={(value) => pick(value, clears)}
      onLeave={() => onCommit(field)}
    />
  ) : choices ? (
    <SelectInput
      {...props}
      name={field.name}
      id={id}
      choices={asOptions(choices)}
      onPicked={clears ? () => onInput(clears, '') : undefined}
    />
  ) : (
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
  return (
    <div className="field">
      <label htmlFor={id}>{field.label[language]}</label>
      {scripted && choices ? <Tiles {...props} choices={choices} onPick={(v) => pick(v, clears)} /> : null}
      {control}
      <ErrorText id={`${id}-error`} error={error} />
    </div>
  );
}

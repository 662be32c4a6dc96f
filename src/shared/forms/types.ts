import type { Product } from '../../../brands/schema';
import type { FormId, Language } from '../../routes/schema';
import type { FormValues } from '../json';

/** Copy in both page languages (spec: Spanish pages get Spanish labels, options, messages). */
export type Localized = Readonly<Record<Language, string>>;

export interface Option {
  value: string;
  label: Localized;
}

/**
 * How a field is asked. The kind decides the input, the input mask and the browser-side
 * check; the value itself is always judged by the lead schema in the Worker.
 * - yesno: two radios posting 1 or 0 (spec section 5: booleans as 1 or 0)
 * - date-parts: month, day and year inputs named `${name}Month`, `${name}Day`, `${name}Year`
 * - vehicle-*: selects backed by the vehicle data set in public/data/vehicles
 */
export type FieldKind =
  | 'zip'
  | 'text'
  | 'email'
  | 'tel'
  | 'yesno'
  | 'radio'
  | 'select'
  | 'date-parts'
  | 'vehicle-year'
  | 'vehicle-make'
  | 'vehicle-model';

export interface FieldDef {
  /** The spec's lead field name (zipcode, driver2Dob, vehicle1Make, ...). */
  name: string;
  kind: FieldKind;
  label: Localized;
  hint?: Localized;
  /** The one message for a missing or invalid answer ("Enter your 5-digit ZIP code"); else the kind's. */
  problem?: Localized;
  /** Choices of a radio or select; 'insurers' is the current-insurer list of src/shared/lead. */
  options?: readonly Option[] | 'insurers';
  autoComplete?: string;
  /**
   * A select's common answers, shown as tiles above the list once the page's script runs; on a
   * step with this one question a tile answers and moves on (./one-tap.ts `isTileStep`).
   */
  tiles?: readonly string[];
  /**
   * A date (date-parts) typed in one box, MM/DD/YYYY, named as the date itself; the parts stay
   * what the island keeps and sends (./date-box.ts). Without it: a month list, a day and a year.
   */
  oneBox?: boolean;
  /**
   * A date of birth the page's product only takes within these ages (final expense: 50 to 85):
   * a date outside them is refused with `message` rather than kept or silently dropped.
   */
  ages?: { min: number; max: number; message: Localized };
}

/** Repeated slots (drivers, vehicles): fields named `${prefix}${slot}${suffix}`, 1..max. */
export interface GroupDef {
  prefix: 'driver' | 'vehicle';
  max: number;
  /** Heading of one slot, '{n}' is replaced by its number. */
  slotLabel: Localized;
  add: Localized;
  remove: Localized;
  fields: (slot: number) => readonly FieldDef[];
  /**
   * A group continued on a later step (the drivers' details after their names): it shows a
   * slot for each slot of `continues` that holds an answer, and has no add or remove of its own.
   */
  continues?: GroupDef;
  /**
   * The answers a started slot (one holding any answer) must all hold, e.g. a vehicle's year,
   * make and model: the step does not move on, and the lead is not complete, without them.
   */
  completeSlot?: (slot: number) => readonly string[];
}

/** A step submit handler (spec section 4): returning false blocks advancing. */
export type StepHandler = (values: FormValues) => boolean;

export interface StepDef {
  /** The URL segment: /{page}/{name}. */
  name: string;
  /** The question or heading of the step. */
  title: Localized;
  intro?: Localized;
  fields: readonly FieldDef[];
  group?: GroupDef;
  /** Fields without which the step does not advance (the engine's built-in handler). */
  required?: readonly string[];
  /** An extra handler on top of `required`. */
  onSubmit?: StepHandler;
  /** Shows a Skip action that submits every value of the step as null. */
  skippable?: boolean;
  /** The step that collects the phone number shows the consent disclosure. */
  consent?: boolean;
  /** Label of the submit button; defaults to Continue (or the final label on the last step). */
  submitLabel?: Localized;
  /**
   * Whether an earlier answer leaves this step a question worth asking (the insurer of a visitor
   * who said they are not insured is not): a step not asked is passed over forward and back, and
   * its stored answers stay out of the lead (./engine.ts `askedValues`). Absent: always asked.
   */
  askedWhen?: (values: FormValues) => boolean;
}

export interface FormDef {
  id: FormId;
  /** Bumped whenever steps or fields change; sent with formStepSubmitted. */
  version: string;
  /** Which lead schema judges the values. */
  product: Product;
  steps: readonly StepDef[];
  /** Moving on keeps the query string (campaign parameters) or drops it. */
  keepQuery: boolean;
  /** Moving on replaces the history entry instead of adding one. */
  replaceHistory: boolean;
}

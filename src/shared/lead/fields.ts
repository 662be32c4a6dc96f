/**
 * Lead fields of spec sections 3 and 5, one zod schema shared by the form island and the
 * Worker. Every field is optional and lenient (see lenient.ts): an invalid value is dropped,
 * its valid siblings stay, unknown keys are stripped. Field names are the spec's names, so
 * form inputs, prefill parameters, stored values and partner mappings line up untranslated.
 *
 * Values are normalised on the way in (trimmed text, yyyy-MM-dd dates, real booleans,
 * numeric years) so everything downstream sees one shape whatever the browser sent.
 */
import { z } from 'zod';
import type { Product } from '../../../brands/schema';
import { dateOfBirthFromParts, MAX_AGE_YEARS, parseDateOfBirth } from './date-of-birth';
import {
  coverageAmountSchema,
  creditRatingSchema,
  genderSchema,
  licenseStatusSchema,
  maritalStatusSchema,
  relationshipSchema,
} from './enums';
import { currentInsurerSchema } from './insurers';
import { lenient, withoutUndefined } from './lenient';

// ---- Rules (spec section 5) -------------------------------------------------------------

const zipcodeRule = z
  .string()
  .trim()
  .regex(/^\d{5}$/);
/** Names, Address and Address2: trimmed, 1 to 256 characters. */
const textRule = z.string().trim().min(1).max(256);
/** 254 is the longest address SMTP can deliver to. */
const emailRule = z.string().trim().max(254).pipe(z.email());
const phoneRule = z
  .string()
  .trim()
  .regex(/^\(\d{3}\) \d{3}-\d{4}$/);
/** The date text is bounded before parsing so a megabyte of junk costs nothing. */
const dateOfBirthRule = z
  .string()
  .max(32)
  .transform((text) => parseDateOfBirth(text))
  .pipe(z.string());
/** Vehicle make and model: trimmed, 1 to 50 characters. */
const vehicleNameRule = z.string().trim().min(1).max(50);

/** A whole number from a number or a string of digits (form posts send strings). */
function wholeNumber(digits: RegExp) {
  return z.union([z.number().int(), z.string().trim().regex(digits).transform(Number)]);
}

/** Vehicle year: four digits, 1900 up to next year's models. */
const vehicleYearRule = wholeNumber(/^\d{4}$/).pipe(
  z
    .number()
    .min(1900)
    .refine((year) => year <= new Date().getUTCFullYear() + 1),
);
const dobDayRule = wholeNumber(/^\d{1,2}$/).pipe(z.number().min(1).max(31));
const dobMonthRule = wholeNumber(/^\d{1,2}$/).pipe(z.number().min(1).max(12));
const dobYearRule = wholeNumber(/^\d{4}$/).pipe(
  z.number().refine((year) => {
    const thisYear = new Date().getUTCFullYear();
    return year >= thisYear - MAX_AGE_YEARS && year <= thisYear;
  }),
);

const TRUE_WORDS = new Set(['true', '1', 'yes', 'on']);
/**
 * Booleans arrive as JSON booleans, 1/0, or form words ('on' is what a ticked checkbox
 * posts; an unticked one posts nothing, which stays undefined).
 */
const booleanRule = z
  .union([
    z.boolean(),
    z.literal(1),
    z.literal(0),
    z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.enum(['true', 'false', '1', '0', 'yes', 'no', 'on'])),
  ])
  .transform((value) => value === true || value === 1 || (typeof value === 'string' && TRUE_WORDS.has(value)));

/** Spec section 5: "Booleans are sent as 1 or 0; undefined stays omitted." */
export function toWireBoolean(value: boolean | undefined): 1 | 0 | undefined {
  if (value === undefined) return undefined;
  return value ? 1 : 0;
}

// ---- Field schemas ----------------------------------------------------------------------

export const leadField = {
  zipcode: lenient(zipcodeRule),
  name: lenient(textRule),
  address: lenient(textRule),
  email: lenient(emailRule),
  phone: lenient(phoneRule),
  dateOfBirth: lenient(dateOfBirthRule),
  boolean: lenient(booleanRule),
  vehicleYear: lenient(vehicleYearRule),
  vehicleName: lenient(vehicleNameRule),
  dobDay: lenient(dobDayRule),
  dobMonth: lenient(dobMonthRule),
  dobYear: lenient(dobYearRule),
  gender: lenient(genderSchema),
  maritalStatus: lenient(maritalStatusSchema),
  relationship: lenient(relationshipSchema),
  creditRating: lenient(creditRatingSchema),
  licenseStatus: lenient(licenseStatusSchema),
  currentInsurer: lenient(currentInsurerSchema),
  coverageAmount: lenient(coverageAmountSchema),
  /** A call-back time the visitor asked for while agents were away (src/worker/hours/callback-api.ts): an ISO instant. */
  callbackAt: lenient(z.iso.datetime()),
};

const DRIVER_FIELDS = {
  FirstName: leadField.name,
  LastName: leadField.name,
  Gender: leadField.gender,
  MaritalStatus: leadField.maritalStatus,
  Dob: leadField.dateOfBirth,
  DobDay: leadField.dobDay,
  DobMonth: leadField.dobMonth,
  DobYear: leadField.dobYear,
  Email: leadField.email,
  Phone: leadField.phone,
  Address: leadField.address,
  Address2: leadField.address,
  CreditRating: leadField.creditRating,
  Sr22: leadField.boolean,
  // Spec section 3: driver1's MilitaryAffiliation is used for the whole lead.
  MilitaryAffiliation: leadField.boolean,
  LicenseStatus: leadField.licenseStatus,
  /** Drivers 2 and 3: their relation to driver 1. */
  Relationship: leadField.relationship,
};

const VEHICLE_FIELDS = {
  Year: leadField.vehicleYear,
  Make: leadField.vehicleName,
  Model: leadField.vehicleName,
};

type Prefixed<P extends string, T> = { [K in keyof T & string as `${P}${K}`]: T[K] };

function prefixed<P extends string, T extends Record<string, z.ZodType>>(prefix: P, fields: T): Prefixed<P, T> {
  const entries = Object.entries(fields).map(([suffix, schema]) => [`${prefix}${suffix}`, schema]);
  // The mapped type above spells out exactly the keys built here.
  return Object.fromEntries(entries) as Prefixed<P, T>;
}

export const DRIVER_PREFIXES = ['driver1', 'driver2', 'driver3'] as const;

/** Spec section 3, Medicare lead fields, plus the call-back contact (docs/decisions/0007-lead-fields-medicare-call-back-contact-the-life.md). */
export const medicareLeadFields = {
  zipcode: leadField.zipcode,
  callbackAt: leadField.callbackAt,
  haveMedicare: leadField.boolean,
  haveMedicaid: leadField.boolean,
  firstName: leadField.name,
  lastName: leadField.name,
  phone: leadField.phone,
  email: leadField.email,
};

/** Spec section 3, auto lead fields, drivers 1..3 and vehicles 1..3 as flat names. */
export const autoLeadFields = {
  zipcode: leadField.zipcode,
  callbackAt: leadField.callbackAt,
  currentlyInsured: leadField.boolean,
  currentCompany: leadField.currentInsurer,
  homeowner: leadField.boolean,
  interestedInHomeInsurance: leadField.boolean,
  ...prefixed('driver1', DRIVER_FIELDS),
  ...prefixed('driver2', DRIVER_FIELDS),
  ...prefixed('driver3', DRIVER_FIELDS),
  ...prefixed('vehicle1', VEHICLE_FIELDS),
  ...prefixed('vehicle2', VEHICLE_FIELDS),
  ...prefixed('vehicle3', VEHICLE_FIELDS),
};

/** Life and final-expense lead: our decision (docs/decisions/0007-lead-fields-medicare-call-back-contact-the-life.md), lean on purpose. */
export const lifeLeadFields = {
  zipcode: leadField.zipcode,
  callbackAt: leadField.callbackAt,
  firstName: leadField.name,
  lastName: leadField.name,
  phone: leadField.phone,
  email: leadField.email,
  gender: leadField.gender,
  dateOfBirth: leadField.dateOfBirth,
  tobaccoUse: leadField.boolean,
  coverageAmount: leadField.coverageAmount,
};

type AutoLeadValues = z.output<z.ZodObject<typeof autoLeadFields>>;

/**
 * A driver's Dob may arrive as its three watched parts (day, month, year selects) instead
 * of one value; when Dob itself is absent the parts are assembled into it.
 */
function withAssembledDobs(values: AutoLeadValues): AutoLeadValues {
  const assembled = { ...values };
  for (const driver of DRIVER_PREFIXES) {
    if (assembled[`${driver}Dob`] !== undefined) continue;
    const day = assembled[`${driver}DobDay`];
    const month = assembled[`${driver}DobMonth`];
    const year = assembled[`${driver}DobYear`];
    if (day === undefined || month === undefined || year === undefined) continue;
    const dob = dateOfBirthFromParts(year, month, day);
    if (dob !== undefined) assembled[`${driver}Dob`] = dob;
  }
  return assembled;
}

export const medicareLeadSchema = z.object(medicareLeadFields).strip().transform(withoutUndefined);
export const autoLeadSchema = z
  .object(autoLeadFields)
  .strip()
  .transform((values) => withoutUndefined(withAssembledDobs(values)));
export const lifeLeadSchema = z.object(lifeLeadFields).strip().transform(withoutUndefined);

export type MedicareLead = z.output<typeof medicareLeadSchema>;
export type AutoLead = z.output<typeof autoLeadSchema>;
export type LifeLead = z.output<typeof lifeLeadSchema>;
export type LeadValues = MedicareLead | AutoLead | LifeLead;

export const LEAD_FIELDS_BY_PRODUCT = {
  medicare: medicareLeadFields,
  auto: autoLeadFields,
  life: lifeLeadFields,
} as const satisfies Record<Product, Record<string, z.ZodType>>;

export type LeadFieldName = keyof typeof medicareLeadFields | keyof typeof autoLeadFields | keyof typeof lifeLeadFields;

/** Every known lead field name across products, each once. */
export const LEAD_FIELD_NAMES: readonly LeadFieldName[] = [
  ...new Set<LeadFieldName>([
    ...(Object.keys(medicareLeadFields) as (keyof typeof medicareLeadFields)[]),
    ...(Object.keys(autoLeadFields) as (keyof typeof autoLeadFields)[]),
    ...(Object.keys(lifeLeadFields) as (keyof typeof lifeLeadFields)[]),
  ]),
];

export function parseLeadValues(product: 'medicare', input: unknown): MedicareLead;
export function parseLeadValues(product: 'auto', input: unknown): AutoLead;
export function parseLeadValues(product: 'life', input: unknown): LifeLead;
export function parseLeadValues(product: Product, input: unknown): LeadValues;
/**
 * The Worker's gate for whatever arrives, whatever the browser claims: never throws, and
 * anything that is not a plain object (null, an array, a string) yields no values.
 */
export function parseLeadValues(product: Product, input: unknown): LeadValues {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return {};
  const schema = product === 'medicare' ? medicareLeadSchema : product === 'auto' ? autoLeadSchema : lifeLeadSchema;
  const result = schema.safeParse(input);
  return result.success ? result.data : {};
}

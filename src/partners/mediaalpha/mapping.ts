/**
 * Spec section 7, payload mapping for MediaAlpha. Input is the lead as parsed by the lead
 * schemas (invalid values already dropped to undefined); output is the `data` object of
 * get-phone. Booleans become 1 or 0, undefined stays omitted, and empty entries (blank
 * fields, drivers or vehicles with nothing known) are removed.
 */

/** The Medicare lead fields of spec section 3. */
export interface MedicareLeadFields {
  zipcode?: string | null;
  haveMedicare?: boolean | null;
  haveMedicaid?: boolean | null;
  firstName?: string | null;
  lastName?: string | null;
}

/** One driver's fields (spec section 3), without the driver1..3 prefix. */
export interface DriverFields {
  FirstName?: string | null;
  LastName?: string | null;
  Gender?: string | null;
  MaritalStatus?: string | null;
  Dob?: string | null;
  Email?: string | null;
  Phone?: string | null;
  Address?: string | null;
  Address2?: string | null;
  CreditRating?: string | null;
  Sr22?: boolean | null;
  MilitaryAffiliation?: boolean | null;
  LicenseStatus?: string | null;
  /** Drivers 2 and 3: their relation to driver 1 (not sent; a spouse sets both marital statuses). */
  Relationship?: string | null;
}

export interface VehicleFields {
  Year?: string | number | null;
  Make?: string | null;
  Model?: string | null;
}

type Prefixed<P extends string, T> = { [K in keyof T & string as `${P}${K}`]?: T[K] };

export const DRIVER_SLOTS = [1, 2, 3] as const;
export const VEHICLE_SLOTS = [1, 2, 3] as const;

/** The auto lead fields of spec section 3: the lead itself, drivers 1..3 and vehicles 1..3. */
export type AutoLeadFields = {
  zipcode?: string | null;
  currentlyInsured?: boolean | null;
  currentCompany?: string | null;
  homeowner?: boolean | null;
  interestedInHomeInsurance?: boolean | null;
} & Prefixed<'driver1', DriverFields> &
  Prefixed<'driver2', DriverFields> &
  Prefixed<'driver3', DriverFields> &
  Prefixed<'vehicle1', VehicleFields> &
  Prefixed<'vehicle2', VehicleFields> &
  Prefixed<'vehicle3', VehicleFields>;

/**
 * A driver named the spouse of driver 1 is married, and so is driver 1: the marital status the
 * partners take, when the driver's own was not asked or given (docs/decisions/0296).
 */
function spouseMarried(lead: AutoLeadFields, slot: (typeof DRIVER_SLOTS)[number]): 'married' | undefined {
  const spouse = (n: 2 | 3) => lead[`driver${n}Relationship`] === 'spouse';
  if (slot === 1) return spouse(2) || spouse(3) ? 'married' : undefined;
  return spouse(slot) ? 'married' : undefined;
}

export function driverFields(lead: AutoLeadFields, slot: (typeof DRIVER_SLOTS)[number]): DriverFields {
  const p = `driver${slot}` as const;
  return {
    FirstName: lead[`${p}FirstName`],
    LastName: lead[`${p}LastName`],
    Gender: lead[`${p}Gender`],
    MaritalStatus: lead[`${p}MaritalStatus`] ?? spouseMarried(lead, slot),
    Dob: lead[`${p}Dob`],
    Email: lead[`${p}Email`],
    Phone: lead[`${p}Phone`],
    Address: lead[`${p}Address`],
    Address2: lead[`${p}Address2`],
    CreditRating: lead[`${p}CreditRating`],
    Sr22: lead[`${p}Sr22`],
    MilitaryAffiliation: lead[`${p}MilitaryAffiliation`],
    LicenseStatus: lead[`${p}LicenseStatus`],
  };
}

export function vehicleFields(lead: AutoLeadFields, slot: (typeof VEHICLE_SLOTS)[number]): VehicleFields {
  const p = `vehicle${slot}` as const;
  return { Year: lead[`${p}Year`], Make: lead[`${p}Make`], Model: lead[`${p}Model`] };
}

/** Spec section 5: booleans are sent as 1 or 0; undefined stays omitted. */
export function flag(value: boolean | null | undefined): 1 | 0 | undefined {
  return value === true ? 1 : value === false ? 0 : undefined;
}

const GENDER_CODES: Record<string, 'M' | 'F' | 'X'> = { male: 'M', female: 'F', 'non-binary': 'X' };

export function genderCode(gender: string | null | undefined): 'M' | 'F' | 'X' | undefined {
  return gender ? GENDER_CODES[gender.toLowerCase()] : undefined;
}

/** First and last name joined; undefined when neither is known. */
export function fullName(first: string | null | undefined, last: string | null | undefined): string | undefined {
  const name = [first, last].filter((part): part is string => typeof part === 'string' && part.trim() !== '').join(' ');
  return name === '' ? undefined : name;
}

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Drops undefined, null, blank strings, and arrays or objects left empty by that, recursively. */
export function removeEmpty<T extends Record<string, unknown>>(value: T): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const [key, entry] of Object.entries(value)) {
    const kept = keep(entry);
    if (kept !== undefined) out[key] = kept;
  }
  return out;
}

function keep(value: unknown): Json | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value.trim() === '' ? undefined : value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'boolean') return value;
  if (Array.isArray(value)) {
    const items = value.map(keep).filter((item): item is Json => item !== undefined);
    return items.length > 0 ? items : undefined;
  }
  if (typeof value === 'object') {
    const obj = removeEmpty(value as Record<string, unknown>);
    return Object.keys(obj).length > 0 ? obj : undefined;
  }
  return undefined;
}

/**
 * Medicare: zip (or 'auto', which asks MediaAlpha to place the visitor by ip),
 * currently_insured (has Medicare), receives_medicaid, contact (the visitor's name).
 * `zip` is the already resolved zip (form value, stored zip, then geo postal code).
 */
export function mapMedicareLead(lead: MedicareLeadFields, zip?: string | null): Record<string, Json> {
  return removeEmpty({
    zip: zip || lead.zipcode || 'auto',
    currently_insured: flag(lead.haveMedicare),
    receives_medicaid: flag(lead.haveMedicaid),
    contact: fullName(lead.firstName, lead.lastName),
  });
}

/**
 * Auto: contact details of driver 1, the household, vehicles and drivers. driver1's
 * MilitaryAffiliation is used for the whole lead (spec section 3). `driver` is the
 * driver's full name.
 */
export function mapAutoLead(lead: AutoLeadFields, zip?: string | null): Record<string, Json> {
  const primary = driverFields(lead, 1);
  return removeEmpty({
    contact: fullName(primary.FirstName, primary.LastName),
    email: primary.Email,
    phone: primary.Phone,
    address: primary.Address,
    address2: primary.Address2,
    zip: zip || lead.zipcode,
    home_ownership: flag(lead.homeowner),
    interested_in_home_insurance: flag(lead.interestedInHomeInsurance),
    vehicles: VEHICLE_SLOTS.map((slot) => {
      const v = vehicleFields(lead, slot);
      return {
        year: v.Year === undefined || v.Year === null ? undefined : String(v.Year),
        make: v.Make,
        model: v.Model,
      };
    }),
    drivers: DRIVER_SLOTS.map((slot) => {
      const d = driverFields(lead, slot);
      return {
        driver: fullName(d.FirstName, d.LastName),
        gender: genderCode(d.Gender),
        marital_status: d.MaritalStatus,
        birth_date: d.Dob,
        credit_rating: d.CreditRating,
        sr_22: flag(d.Sr22),
        license_status: d.LicenseStatus,
      };
    }),
    currently_insured: flag(lead.currentlyInsured),
    // The form does not ask the insurer of someone not insured today: one kept from before the
    // answer changed is stale, and goes to no buyer (as the lead leaves it out).
    current_company: lead.currentlyInsured === false ? undefined : lead.currentCompany,
    military_affiliation: flag(primary.MilitaryAffiliation),
  });
}

import type { Product } from '../../../brands';
import {
  DRIVER_SLOTS,
  driverFields,
  removeEmpty,
  VEHICLE_SLOTS,
  vehicleFields,
  type AutoLeadFields,
} from '../mediaalpha/mapping';

/**
 * Spec section 7, payload mapping for QuoteWizard (auto only). Booleans become the strings
 * QuoteWizard expects ('yes'/'no', 'true'/'false'); marital status collapses to married or
 * non-married; the phone is sent as digits only; empty entries are removed.
 */
export const QUOTEWIZARD_MEDICARE_ERROR = 'QuoteWizard schema not implemented for Medicare';

function yesNo(value: boolean | null | undefined): 'yes' | 'no' | undefined {
  return value === true ? 'yes' : value === false ? 'no' : undefined;
}

function trueFalse(value: boolean | null | undefined): 'true' | 'false' | undefined {
  return value === true ? 'true' : value === false ? 'false' : undefined;
}

function maritalStatus(value: string | null | undefined): 'married' | 'non-married' | undefined {
  if (!value) return undefined;
  return value.toLowerCase() === 'married' ? 'married' : 'non-married';
}

function ownOrRent(homeowner: boolean | null | undefined): 'own' | 'rent' | undefined {
  return homeowner === true ? 'own' : homeowner === false ? 'rent' : undefined;
}

export function mapQuoteWizardAutoLead(lead: AutoLeadFields) {
  return removeEmpty({
    zip: lead.zipcode,
    drivers: DRIVER_SLOTS.map((slot) => {
      const d = driverFields(lead, slot);
      return {
        first_name: d.FirstName,
        last_name: d.LastName,
        email: d.Email,
        dob: d.Dob,
        address: d.Address,
        primary_phone: d.Phone ? d.Phone.replace(/\D/g, '') : undefined,
        gender: d.Gender,
        // Home ownership is asked once per household; each driver of the household shares it.
        own_or_rent: d.FirstName || d.LastName || d.Dob || d.Gender ? ownOrRent(lead.homeowner) : undefined,
        marital_status: maritalStatus(d.MaritalStatus),
        credit_rating: d.CreditRating,
        military_experience: trueFalse(d.MilitaryAffiliation),
      };
    }),
    coverage: {
      has_coverage: yesNo(lead.currentlyInsured),
      former_insurer: lead.currentCompany ? lead.currentCompany.toLowerCase() : undefined,
    },
    vehicles: VEHICLE_SLOTS.map((slot) => {
      const v = vehicleFields(lead, slot);
      return {
        year: v.Year === undefined || v.Year === null ? undefined : String(v.Year),
        make: v.Make,
        model: v.Model,
      };
    }),
  });
}

/** The QuoteWizard payload for a lead of either product; a Medicare lead throws the spec section 8 error. */
export function mapQuoteWizardLead(product: Product, lead: AutoLeadFields) {
  if (product !== 'auto') throw new Error(QUOTEWIZARD_MEDICARE_ERROR);
  return mapQuoteWizardAutoLead(lead);
}

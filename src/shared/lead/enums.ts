/**
 * Spec section 3, "Enumerations": the exact values a lead may carry. Values are matched
 * exactly (no case folding or trimming) because partners receive them verbatim.
 */
import { z } from 'zod';

export const GENDERS = ['male', 'female', 'non-binary'] as const;
export const genderSchema = z.enum(GENDERS);

export const CREDIT_RATINGS = ['excellent', 'good', 'average', 'fair', 'poor'] as const;
export const creditRatingSchema = z.enum(CREDIT_RATINGS);

export const MARITAL_STATUSES = [
  'single',
  'married',
  'divorced',
  'separated',
  'widowed',
  'domestic partner',
  'unknown',
] as const;
export const maritalStatusSchema = z.enum(MARITAL_STATUSES);

/**
 * A second or third driver's relation to the first (the household's primary driver): what an
 * insurer asks of every other driver. Not a spec field; a spouse makes both drivers married in
 * the partners' marital status (docs/decisions/0296-an-auto-form-that-fits-a-household.md).
 */
export const RELATIONSHIPS = ['spouse', 'child', 'parent', 'sibling', 'other'] as const;
export const relationshipSchema = z.enum(RELATIONSHIPS);

export const LICENSE_STATUSES = [
  'active',
  'expired',
  'international',
  'learner',
  'none',
  'other',
  'permit',
  'probation',
  'restricted',
  'revoked',
  'suspended',
  'temporary',
] as const;
export const licenseStatusSchema = z.enum(LICENSE_STATUSES);

/**
 * Life lead (decision recorded in docs/decisions/0007-lead-fields-medicare-call-back-contact-the-life.md): the face amounts a final-expense call
 * center quotes, as whole US dollars: 5,000 to 50,000, the range these plans sell (the pages
 * promise it). Term-life amounts (up to 1,000,000) were offered before and are not any more.
 */
export const COVERAGE_AMOUNTS = ['5000', '10000', '15000', '25000', '50000'] as const;
export const coverageAmountSchema = z.enum(COVERAGE_AMOUNTS);

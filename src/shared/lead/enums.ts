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
 * Life lead (decision recorded in docs/decisions/0007-lead-fields-medicare-call-back-contact-the-life.md): the face amounts a life or
 * final-expense call centre quotes, as whole US dollars. Final-expense policies sit at the
 * low end (5,000 to 50,000), term life at the high end.
 */
export const COVERAGE_AMOUNTS = [
  '5000',
  '10000',
  '15000',
  '25000',
  '50000',
  '100000',
  '250000',
  '500000',
  '1000000',
] as const;
export const coverageAmountSchema = z.enum(COVERAGE_AMOUNTS);

import { z } from 'zod';

/**
 * A partner's payout report (POST /api/postback/{partner}). Strict: any other field is refused,
 * so personal data (a caller's number, a name, an email) can never be stored by accident. `phone`
 * is the tracking number the partner leased to us, not the caller's.
 */
export const postbackSchema = z.strictObject({
  conversion_id: z
    .string()
    .min(1)
    .max(128)
    .regex(/^[A-Za-z0-9._:~-]+$/, 'letters, digits and . _ : ~ - only'),
  type: z.enum(['call', 'click', 'lead']),
  payout: z.number().finite().nonnegative('a payout is never negative'),
  at: z.iso.datetime({ offset: true }),
  /**
   * When the partner set this payout value (an adjustment's own time). Of two reports of one
   * conversion the later replaces the earlier, whatever order they arrive in; without it the
   * postback's signed time stands in.
   */
  adjusted_at: z.iso.datetime({ offset: true }).optional(),
  phone: z
    .string()
    .regex(/^\+[1-9]\d{7,14}$/, 'E.164, e.g. +18335551234')
    .optional(),
  ref: z
    .string()
    .regex(/^r[0-9a-f]{31}$/, 'a ref the product issued')
    .optional(),
});
export type Postback = z.infer<typeof postbackSchema>;
export type ConversionType = Postback['type'];
export const CONVERSION_TYPES: readonly ConversionType[] = ['call', 'click', 'lead'];

/**
 * Field names that would carry a person's data: named in the refusal (code personal_data) so the
 * partner fixes its template, rather than a generic unknown-key error.
 */
const PERSONAL =
  /^(?:e-?mail|first_?name|last_?name|name|caller(?:_?(?:id|number|phone))?|ani|from|address|street|dob|date_?of_?birth|birth_?date|ssn|ip(?:_?address)?|zip(?:_?code)?|phone_?number|contact)$/i;

export function personalFieldsIn(body: unknown): string[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return [];
  return Object.keys(body).filter((key) => PERSONAL.test(key));
}

/** A partner name in the address: lower-case letters, digits and dashes (it names a secret). */
export const partnerNameSchema = z.string().regex(/^[a-z][a-z0-9-]{1,31}$/);

export function secretName(partner: string): string {
  return `POSTBACK_SECRET_${partner.toUpperCase().replace(/-/g, '_')}`;
}

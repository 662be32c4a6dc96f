/**
 * Spec section 5: "All lead fields are optional; an invalid value is silently dropped to
 * undefined, with no error." A lenient field never fails its object: whatever arrives (a
 * forged form post, a stale stored value, a prefill parameter) either parses or vanishes,
 * and the valid fields beside it are kept.
 */
import { z } from 'zod';

export function lenient<T extends z.ZodType>(schema: T) {
  return z
    .unknown()
    .transform((value): z.output<T> | undefined => {
      const result = schema.safeParse(value);
      return result.success ? result.data : undefined;
    })
    .optional();
}

/**
 * Removes keys whose value is undefined, so a parsed step merged over stored values
 * (`{ ...stored, ...parsed }`) can never erase a stored answer with a dropped one.
 */
export function withoutUndefined<T extends Record<string, unknown>>(values: T): T {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined) kept[key] = value;
  }
  return kept as T;
}

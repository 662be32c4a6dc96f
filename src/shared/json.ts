/**
 * Form values as stored and passed across Durable Object RPC: a flat record of scalars
 * (every lead field of spec section 3 is a scalar; drivers and vehicles are flattened as
 * driver1FirstName, vehicle2Make, ...). Flat on purpose: it keeps RPC types shallow.
 */
export type FormScalar = string | number | boolean | null;
export type FormValues = Record<string, FormScalar>;

/** Keeps only the scalar entries of an object; anything else becomes an empty record. */
export function toFormValues(value: unknown): FormValues {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return {};
  const out: FormValues = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[key] = v;
  }
  return out;
}

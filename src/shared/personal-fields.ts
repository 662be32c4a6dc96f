/**
 * Spec section 2: personal fields removed from the visible address query. Their values may
 * prefill the form (read on the server from the first request), but they never stay in the
 * address bar, reach the tag manager, analytics properties or logs.
 */
export const PERSONAL_QUERY_FIELDS = [
  'firstname',
  'lastname',
  'age',
  'email',
  'phone',
  'dateofbirth',
  'address',
  'device',
  'devicetype',
  'session_id',
  'has_medicare',
  'has_medicaid',
] as const;

const personal = new Set<string>(PERSONAL_QUERY_FIELDS);

/** Case-insensitive: `firstName=` in an ad link is as personal as `firstname=`. */
export function isPersonalQueryField(name: string): boolean {
  return personal.has(name.toLowerCase());
}

/** The address with every personal field removed (order of the rest kept). */
export function withoutPersonalFields(url: URL): URL {
  const clean = new URL(url.href);
  for (const key of [...clean.searchParams.keys()]) {
    if (isPersonalQueryField(key)) clean.searchParams.delete(key);
  }
  return clean;
}

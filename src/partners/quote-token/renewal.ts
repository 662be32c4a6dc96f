/**
 * The browser side of the quote token (spec section 4): the page polls every 4 s and asks
 * for a new token when it has none or the one it has expires within 20 s. Any change to a
 * watched form field pulls the expiry in to 10 s from now, which is inside the 20 s margin,
 * so the next poll (at most 4 s later) renews it: a token is always minted after the last
 * edit. Pure functions, no Worker or DOM APIs, so the form island and tests share them.
 */
export const QUOTE_TOKEN_POLL_MS = 4_000;
export const QUOTE_TOKEN_RENEW_MARGIN_MS = 20_000;
export const QUOTE_TOKEN_EDIT_EXTENSION_MS = 10_000;

/**
 * The form fields whose change forces a renewal: the ones a lead buyer checks against the
 * consent proof (zip and contact details, driver 1 included).
 */
export const QUOTE_TOKEN_WATCHED_FIELDS: readonly string[] = [
  'zipcode',
  'firstName',
  'lastName',
  'driver1FirstName',
  'driver1LastName',
  'driver1Email',
  'driver1Phone',
  'driver1Address',
  'driver1Dob',
  'driver1DobDay',
  'driver1DobMonth',
  'driver1DobYear',
];

export interface QuoteTokenState {
  token: string | null;
  /** Expiry in ms since the epoch. */
  expiresAt: number;
}

export function needsRenewal(state: QuoteTokenState, now: number): boolean {
  return state.token === null || state.expiresAt - now <= QUOTE_TOKEN_RENEW_MARGIN_MS;
}

/** After an edit of a watched field: expiry set to 10 s from now (never pushed later than it was). */
export function afterWatchedFieldChange(state: QuoteTokenState, field: string, now: number): QuoteTokenState {
  if (!QUOTE_TOKEN_WATCHED_FIELDS.includes(field)) return state;
  return { ...state, expiresAt: Math.min(state.expiresAt, now + QUOTE_TOKEN_EDIT_EXTENSION_MS) };
}

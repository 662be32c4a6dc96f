/**
 * Names the browser and the Worker share for lead defence: the honeypot field every
 * form step carries, hidden from people (a script that fills every field fills it), and the
 * field the Turnstile widget puts its token in.
 */
export const HONEYPOT_FIELD = 'website';
export const TURNSTILE_RESPONSE_FIELD = 'cf-turnstile-response';

/** Spec section 9: a click id shorter than this does not mark paid traffic. */
export const PAID_ID_MIN_LENGTH = 15;

/** Spec section 4, rule (a): these ids mark paid traffic only together with utm_campaign. */
export const PAID_CLICK_IDS = [
  'etid',
  'token',
  'gclid',
  'ScCid',
  'tblci',
  'qstid',
  'clkid',
  'fbclid',
  'ttclid',
  'saclid',
  'tbclid',
  'wbraid',
  'bbg',
  'obci',
  'msclkid',
  'mcp_token',
] as const;

type Params = Partial<Record<string, string | undefined>>;

function present(value: string | undefined): value is string {
  return value !== undefined && value !== '';
}

/**
 * The session's paid-traffic flag, exactly as spec section 4 states it:
 * (a) one of the click ids with length >= 15 AND utm_campaign present; or
 * (b) gbraid with length >= 15 (no campaign needed); or
 * (c) utm_source equals 'bigo' AND utm_campaign present.
 */
export function isPaidTraffic(params: Params): boolean {
  const get = (name: string): string | undefined => (params as Record<string, string | undefined>)[name];
  const campaign = present(get('utm_campaign'));
  const longClickId = PAID_CLICK_IDS.some((name) => (get(name)?.length ?? 0) >= PAID_ID_MIN_LENGTH);
  if (longClickId && campaign) return true;
  if ((get('gbraid')?.length ?? 0) >= PAID_ID_MIN_LENGTH) return true;
  return get('utm_source') === 'bigo' && campaign;
}

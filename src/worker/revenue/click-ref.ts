/** The click URL parameter that carries the visit's ref (its own name: the partner's URLs have a `ref` of their own). */
export const CLICK_REF_PARAM = 'qf_ref';

/**
 * The visit's ref on a partner's click URL, so the partner's click payout names the visit it came
 * from. A URL that cannot be parsed is left as it is (the click still works, unattributed).
 */
export function withRef(clickUrl: string, ref: string): string {
  try {
    const url = new URL(clickUrl);
    url.searchParams.set(CLICK_REF_PARAM, ref);
    return url.href;
  } catch {
    return clickUrl;
  }
}

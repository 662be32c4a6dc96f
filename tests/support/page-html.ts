/**
 * Page HTML with only what is fresh on every request by design masked: the CSP nonce, the step
 * form's submission id and a partner's request id, each by its exact value, and the time a
 * lease has left (page context). Two renders of the same request for the same visitor state
 * must then be byte for byte equal.
 */
export function maskFresh(html: string): string {
  const fresh = [
    ['NONCE', /nonce="([^"]+)"/.exec(html)?.[1]],
    ['SUBMISSION', /name="submissionId" value="([^"]+)"/.exec(html)?.[1]],
    // The partner's id of the ad listing a clicks page was rendered with (one per partner call).
    ['PARTNER_REQUEST', /&quot;requestId&quot;:&quot;([^&]+)&quot;/.exec(html)?.[1]],
  ] as const;
  return fresh
    .reduce((out, [mask, value]) => (value ? out.replaceAll(value, mask) : out), html)
    .replace(/"expiresInMs":\d+/g, '"expiresInMs":LEASE_LEFT');
}

/**
 * Page HTML with only what is fresh on every request by design masked: the CSP nonce, the step
 * form's submission id and a partner's request id, each by its exact value, the final step's
 * quote token (its id and expiry are per render) and the time a lease has left (page context). Two renders of the same request for the same visitor state
 * must then be byte for byte equal.
 */
export function maskFresh(html: string): string {
  const fresh = [
    ['NONCE', /nonce="([^"]+)"/.exec(html)?.[1]],
    // The step form's hidden input, or (a confirmation, which has no form) the island's props.
    [
      'SUBMISSION',
      /name="submissionId" value="([^"]+)"|"submissionId":"([0-9a-f-]{36})"/.exec(html)?.slice(1).find(Boolean),
    ],
    // The partner's id of the ad listing a clicks page was rendered with (one per partner call).
    ['PARTNER_REQUEST', /"requestId":"([^"]+)"/.exec(html)?.[1]],
  ] as const;
  return fresh
    .reduce((out, [mask, value]) => (value ? out.replaceAll(value, mask) : out), html)
    .replace(/"expiresInMs":\d+/g, '"expiresInMs":LEASE_LEFT')
    .replace(/\bv1\.[\w-]+\.[\w-]+/g, 'QUOTE_TOKEN');
}

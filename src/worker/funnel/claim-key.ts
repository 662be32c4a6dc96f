/**
 * What a first-lead claim (first_leads, same-person.ts) stores of a keyed contact fingerprint
 * (64 hex digits of an HMAC-SHA256): its first 32 hex digits, 128 bits. Within a 30-day window of
 * a few million keys two people's keys never share them (about 1e-25 at ten million), and each
 * claim row and its two indexes are about 100 bytes shorter
 * (docs/decisions/0315-duplicate-window-in-one-table-and-shorter-claims.md).
 */
export const CLAIM_KEY_HEX = 32;

export function claimKey(fingerprint: string): string;
export function claimKey(fingerprint: string | null): string | null;
export function claimKey(fingerprint: string | null): string | null {
  return fingerprint === null ? null : fingerprint.slice(0, CLAIM_KEY_HEX);
}

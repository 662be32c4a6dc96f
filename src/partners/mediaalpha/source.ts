import { toHex } from '../../shared/hex';
/**
 * Spec section 7.2: the source list of 7 slots. Slot 1 is the affiliate id, slot 2 the
 * first 10 hex characters of the SHA-1 of the publisher id (or null when there is none),
 * the rest null. Hashing lets MediaAlpha tell publishers apart without us sending their id.
 */
export const SOURCE_SLOTS = 7;
export type SourceList = (string | null)[];

export async function sha1Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-1', new TextEncoder().encode(text));
  return toHex(digest);
}

export async function buildSource(affiliateId: string, publisherId: string | null | undefined): Promise<SourceList> {
  const list: SourceList = Array.from({ length: SOURCE_SLOTS }, () => null);
  list[0] = affiliateId;
  list[1] = publisherId ? (await sha1Hex(publisherId)).slice(0, 10) : null;
  return list;
}

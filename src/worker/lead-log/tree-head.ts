/**
 * Signed tree heads: the log's size, the time and the root, signed as a compact JWS with the
 * lead-certificate key (typ `lead-log-sth+jwt`), so one published key set (the JWKS at
 * /.well-known/lead-certificates.json) verifies certificates and heads alike. A head is what a
 * buyer keeps: a log that later rewrote a leaf it covers can no longer prove itself consistent with it.
 */
import { z } from 'zod';
import { base64UrlToText } from '../../shared/base64url';
import { signJws } from '../consent/jws';
import type { SigningKey } from '../consent/signing-key';

export const HEAD_TYPE = 'lead-log-sth+jwt';

export const treeHeadSchema = z.object({
  log: z.literal('lead-log/v1'),
  tree_size: z.number().int().min(0),
  /** Milliseconds since the epoch, as RFC 6962 times a head. */
  timestamp: z.number().int(),
  sha256_root_hash: z.string().regex(/^[0-9a-f]{64}$/),
});
export type TreeHead = z.infer<typeof treeHeadSchema>;

export function signTreeHead(key: SigningKey, head: TreeHead): Promise<string> {
  return signJws(key, head, HEAD_TYPE);
}

/** The payload of a head's JWS (not its signature: the buyer's side checks that against the JWKS). */
export function headOf(jws: string): TreeHead | null {
  try {
    const parsed = treeHeadSchema.safeParse(JSON.parse(base64UrlToText(jws.split('.')[1] ?? '') ?? ''));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Where historic heads live in R2, one per tree size, so a mirror lists them in order. */
export const headKey = (size: number) => `lead-log/sth/${String(size).padStart(12, '0')}.json`;

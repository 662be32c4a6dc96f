/**
 * The postback signature, as Stripe signs webhooks (docs.stripe.com/webhooks/signatures, "Verify
 * manually"; stripe-node's Webhooks.js): `X-Signature: t=<unix seconds>,v1=<hex>[,v1=<hex>...]`,
 * where each v1 is HMAC-SHA256 under the partner's secret of `<t>.<raw body>`. Any v1 that matches
 * passes (a partner rotating its secret sends one per secret); other schemes are ignored. The time
 * is inside the signature, so a captured postback cannot be re-sent later: a time further than
 * TOLERANCE_SECONDS from now, either way, is refused (Stripe's own default is 300 s in the past;
 * a time in the future is refused too, so a partner with a fast clock cannot sign ahead).
 */
import { verifyHmacHex } from './hmac';

export const SIGNATURE_TOLERANCE_SECONDS = 300;
export const SIGNATURE_FORM = 't=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">';

export type SignatureCheck =
  | { ok: true; signedAt: Date }
  | { ok: false; code: 'signature_outdated' | 'bad_signature' | 'signature_expired'; message: string };

interface ParsedHeader {
  t: number;
  v1: string[];
}

/** The header's time and v1 signatures, or null when it is not of the expected form. */
export function parseSignatureHeader(header: string): ParsedHeader | null {
  let t: number | null = null;
  const v1: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq <= 0) return null;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't') {
      if (t !== null || !/^\d{1,12}$/.test(value)) return null;
      t = Number(value);
    } else if (key === 'v1') {
      if (/^[0-9a-fA-F]{64}$/.test(value)) v1.push(value.toLowerCase());
    }
  }
  return t === null || v1.length === 0 ? null : { t, v1 };
}

export async function checkSignature(
  secret: string,
  header: string | undefined,
  body: ArrayBuffer,
  now: Date,
): Promise<SignatureCheck> {
  const value = header ?? '';
  if (/^sha256=/i.test(value.trim()))
    return {
      ok: false,
      code: 'signature_outdated',
      message: `X-Signature signed over the body alone is no longer accepted: sign the time and body, ${SIGNATURE_FORM}`,
    };
  const parsed = parseSignatureHeader(value);
  if (!parsed) return { ok: false, code: 'bad_signature', message: `X-Signature is not of the form ${SIGNATURE_FORM}` };
  const prefix = new TextEncoder().encode(`${parsed.t}.`);
  const signed = new Uint8Array(prefix.length + body.byteLength);
  signed.set(prefix, 0);
  signed.set(new Uint8Array(body), prefix.length);
  let matched = false;
  for (const v1 of parsed.v1) if (await verifyHmacHex(secret, signed, v1)) matched = true;
  if (!matched)
    return {
      ok: false,
      code: 'bad_signature',
      message: `No v1 in X-Signature is the HMAC-SHA256 of "<t>.<raw body>" under the partner secret`,
    };
  const skew = Math.abs(now.getTime() / 1000 - parsed.t);
  if (skew > SIGNATURE_TOLERANCE_SECONDS)
    return {
      ok: false,
      code: 'signature_expired',
      message: `The signed time t=${parsed.t} is more than ${SIGNATURE_TOLERANCE_SECONDS} seconds from now: sign each postback when it is sent`,
    };
  return { ok: true, signedAt: new Date(parsed.t * 1000) };
}

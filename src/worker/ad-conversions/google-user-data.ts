/**
 * A lead's contact as the Data Manager API's UserIdentifier wants it ("Format user data"): the
 * email lower case with all whitespace removed and, on gmail.com and googlemail.com, the dots
 * before the @ removed; the phone in E.164 (+ and country code, digits only); each SHA-256 and
 * hex encoded (the request says `encoding: HEX`). Never sent or stored in clear.
 */
import { sha256Hex } from '../../shared/consent';
import { normalisePhone } from '../consent/contact-hash';

export function googleNormalisedEmail(raw: string): string | null {
  const value = raw.replace(/\s+/g, '').toLowerCase();
  const match = /^([^@]+)@([^@]+\.[^@]+)$/.exec(value);
  if (!match) return null;
  const [, local = '', domain = ''] = match;
  return domain === 'gmail.com' || domain === 'googlemail.com' ? `${local.replace(/\./g, '')}@${domain}` : value;
}

/** US numbers only: the product's forms take ten-digit US phones. */
export function googleNormalisedPhone(raw: string): string | null {
  const national = normalisePhone(raw);
  return national ? `+1${national}` : null;
}

export interface HashedContact {
  emailSha256: string | null;
  phoneSha256: string | null;
}

export async function hashedContact(email: unknown, phone: unknown): Promise<HashedContact> {
  const normalEmail = typeof email === 'string' ? googleNormalisedEmail(email) : null;
  const normalPhone = typeof phone === 'string' ? googleNormalisedPhone(phone) : null;
  return {
    emailSha256: normalEmail ? await sha256Hex(normalEmail) : null,
    phoneSha256: normalPhone ? await sha256Hex(normalPhone) : null,
  };
}

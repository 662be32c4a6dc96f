/**
 * Spec section 4: a phone number is shown as one digit, then three, three and the rest,
 * joined by dashes (1-800-555-0101), and dialled through a tel: link with a plus sign.
 */

/** Only the digits of a number as typed or stored ("(800) 555-0101" → "8005550101"). */
export function phoneDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/** "18005550101" → "1-800-555-0101". Shorter inputs keep whatever groups they fill. */
export function formatPhone(value: string): string {
  const digits = phoneDigits(value);
  const groups = [digits.slice(0, 1), digits.slice(1, 4), digits.slice(4, 7), digits.slice(7)];
  return groups.filter((group) => group.length > 0).join('-');
}

/** "18005550101" → "tel:+18005550101". */
export function phoneHref(value: string): string {
  return `tel:+${phoneDigits(value)}`;
}

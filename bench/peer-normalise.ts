/**
 * Whether the Nuxt peer served the product's page: both documents are put in one canonical
 * spelling (what a browser's parser makes equal: attribute-name case, `/>` on void elements,
 * `async` against `async=""`, `&#x27;` against `&#39;`, Vue's fragment markers), then the values
 * that change with every request (CSP nonces, minted ids, the hour the call-hours label was
 * computed for) are replaced by placeholders. Anything else that differs is a different page.
 */

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Character references decoded, as the parser does, so two spellings of one character compare equal. */
function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return NAMED[ref.toLowerCase()] ?? whole;
  });
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (text: string) => escapeText(text).replace(/"/g, '&quot;');

/** A start tag in one spelling: lower-case names, every value double-quoted, no self-closing slash. */
function canonicalTag(tag: string): string {
  const match = /^<([a-zA-Z][\w:-]*)([\s\S]*?)\/?>$/.exec(tag);
  if (!match) return tag;
  const name = (match[1] ?? '').toLowerCase();
  const attrs: string[] = [];
  for (const a of (match[2] ?? '').matchAll(/([^\s"'=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
    const value = a[2] ?? a[3] ?? a[4] ?? '';
    attrs.push(
      value === '' ? ` ${(a[1] ?? '').toLowerCase()}` : ` ${(a[1] ?? '').toLowerCase()}="${escapeAttr(decode(value))}"`,
    );
  }
  // Attribute order carries no meaning (unhead writes a script's src before its nonce, React after).
  return `<${name}${attrs.sort().join('')}>`;
}

/** The document (or a fragment of one) in canonical spelling; script and style text is left as sent. */
export function canonicalHtml(html: string): string {
  const out: string[] = [];
  const token =
    /<!--([\s\S]*?)-->|<(script|style)\b([^>]*)>([\s\S]*?)<\/\2\s*>|<\/([a-zA-Z][\w:-]*)\s*>|<[a-zA-Z][^>]*>|<!doctype[^>]*>|[^<]+|</gi;
  for (const m of html.matchAll(token)) {
    const whole = m[0];
    if (m[1] !== undefined) {
      // Vue's fragment and empty-branch markers carry no content; React's text separators do not either.
      if (m[1] === '[' || m[1] === ']' || m[1] === '' || m[1] === ' ') continue;
      out.push(`<!--${m[1]}-->`);
    } else if (m[2] !== undefined) {
      out.push(`${canonicalTag(`<${m[2]}${m[3] ?? ''}>`)}${m[4] ?? ''}</${m[2].toLowerCase()}>`);
    } else if (m[5] !== undefined) out.push(`</${m[5].toLowerCase()}>`);
    else if (/^<!doctype/i.test(whole)) out.push('<!DOCTYPE html>');
    else if (whole.startsWith('<') && whole.length > 1) out.push(canonicalTag(whole));
    else out.push(escapeText(decode(whole)));
  }
  // Text split by removed markers joins again, as the parser sees one text node.
  return out.join('');
}

/**
 * Canonical spelling, then every per-request value replaced by a placeholder. In a head
 * (`inHead`), whitespace between elements is dropped: unhead writes each element on a line.
 */
export function normalisePage(html: string, inHead = false): string {
  const spelled = canonicalHtml(html);
  const canonical = inHead ? spelled.replace(/>\s+</g, '><') : spelled;
  // Only where a nonce goes: a short one replaced everywhere would hide real differences.
  const out = canonical.replace(/ nonce="[^"]*"/g, ' nonce="{nonce}"');
  return out.replace(UUID, '{id}').replace(/"callHoursHour":\d+/g, '"callHoursHour":{hour}');
}

/** The first place two normalised pages part, with some context (empty when they are equal). */
export function firstDifference(a: string, b: string, context = 120): string {
  if (a === b) return '';
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const from = Math.max(0, i - context);
  return `at ${i}: product …${a.slice(from, i + context)}… / peer …${b.slice(from, i + context)}…`;
}

/** The parts the two pages must share: `<html>`'s attributes, the head's elements in order, the body's content. */
export function pageParts(html: string): { htmlAttrs: string; head: string; body: string } {
  const htmlTag = /<html\b[^>]*>/i.exec(html)?.[0] ?? '';
  const head = /<head\b[^>]*>([\s\S]*?)<\/head>/i.exec(html)?.[1] ?? '';
  const body = /<body\b[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? '';
  return { htmlAttrs: htmlTag, head, body };
}

/**
 * Rendered-shell cache. Most page views are first visits from an ad: no stored values, the
 * brand's default number, nothing personal. Their HTML differs only in the CSP nonce and
 * the page-context JSON (visitor id, session), so the isolate renders each such shell once
 * (per brand, page, step, language, variant and build) and fills those two slots per
 * request. Anything with visitor data in it is never cached: it renders fresh every time.
 * Measured in docs/performance.md (bench: `npm run bench`).
 */
import { scriptJson } from '../ui/document';
import { ISLAND_PROPS_ATTR } from '../ui/islands/registry';

/** Stand-ins rendered into the cached shell; all plain [A-Za-z0-9_-] so React leaves them as they are. */
export const NONCE_SLOT = 'qfNonceSlot0000000000000';
export const CONTEXT_SLOT = '__qf_page_context_slot__';
/** The form's per-render submission id (uuid-shaped, so every schema that checks it accepts the slot). */
export const SUBMISSION_SLOT = '00000000-0000-4000-8000-00000000c0de';
/** The query string the form carries to its next step ('' or '?a=b&c=d'). */
export const SEARCH_SLOT = 'qfSearchSlot000000000000';
/** The no-JavaScript form's quote token (final step only; src/worker/funnel/form-token.ts). */
export const QUOTE_TOKEN_SLOT = 'qfQuoteTokenSlot00000000';
/**
 * The number the page shows: a returning visitor whose only state is a lease gets the
 * shared shell with their number, not a fresh render. Every call button, the islands' props and
 * the page context carry it; the page's copy does not depend on it.
 */
export const PHONE_DIGITS_SLOT = 'qfPhoneDigitsSlot0000000';
export const PHONE_DISPLAY_SLOT = 'qfPhoneDisplaySlot000000';
export const PHONE_HREF_SLOT = 'qfPhoneHrefSlot000000000';

/**
 * The page's form island: a page whose only visitor content is in the form (their
 * answers, the confirmation, their place) shares the shell around it, and the island alone is
 * rendered per request (src/ui/render.tsx renders it as its own root).
 */
export const FORM_ISLAND_SLOT = 'qfFormIslandSlot00000000';

const MAX_ENTRIES = 400;

/**
 * A text cut at its slots once, as UTF-8 bytes, so a request joins the parts with its values in
 * one pass. Slot `i` sits between `partBytes[i]` and `partBytes[i + 1]`.
 */
export interface CompiledCut {
  /** Each slot's place in SLOT_MARKS, so a request fills them from an array. */
  readonly slotIndexes: readonly number[];
  /** The text between the slots, encoded as UTF-8 once: a request copies bytes instead of joining and re-encoding the page. */
  readonly partBytes: readonly Uint8Array[];
}

/**
 * A cached shell cut at its slots once (five replaceAll scans of the whole page were about 7% of
 * a shared page's CPU).
 */
export interface CompiledShell extends CompiledCut {
  /** Script-safe JSON of the page context's head (brand, page, step), the same for every request of the shell. */
  readonly contextHead: string;
}

/**
 * The page context's JSON from its head (kept with the shell) and this request's tail, as
 * JSON.stringify writes the object with both: the head's closing brace and the tail's opening
 * one make a comma. Both are script-safe JSON objects, so the join is too.
 */
export function joinContextJson(head: string, tail: string): string {
  if (head === '{}') return tail;
  if (tail === '{}') return head;
  return `${head.slice(0, -1)},${tail.slice(1)}`;
}

const utf8 = new TextEncoder();

const CONTEXT_MARK = `"${CONTEXT_SLOT}"`;
/** Every slot a shell may have; a compiled shell names its slots by their place in this list. */
const SLOT_MARKS = [
  NONCE_SLOT,
  SUBMISSION_SLOT,
  SEARCH_SLOT,
  QUOTE_TOKEN_SLOT,
  CONTEXT_MARK,
  PHONE_DIGITS_SLOT,
  PHONE_DISPLAY_SLOT,
  PHONE_HREF_SLOT,
  FORM_ISLAND_SLOT,
] as const;
/**
 * The search slot inside an island's props script rather than an attribute: the same value,
 * written as JSON string content instead of HTML-escaped (its place after SLOT_MARKS).
 */
const SEARCH_IN_JSON = SLOT_MARKS.length;
/** The form island's slot, written with the island's bytes (writeCut). */
const FORM_ISLAND_INDEX = SLOT_MARKS.indexOf(FORM_ISLAND_SLOT);
// Every slot is plain [A-Za-z0-9_"-], so the alternation needs no escaping.
const SLOT_PATTERN = new RegExp(SLOT_MARKS.join('|'), 'g');
/** Where an island's props script starts and ends (src/ui/islands/island.tsx). */
const PROPS_SCRIPT_OPEN = `<script type="application/json" ${ISLAND_PROPS_ATTR}="">`;
const SCRIPT_CLOSE = '</script>';

/** What a phone slot may be filled with as it is: no character HTML or JSON would escape. */
const PLAIN_PHONE = /^[A-Za-z0-9+:. ()-]*$/;

/** Whether a number can fill the phone slots unescaped (every number the product formats can). */
export function isPlainPhone(phone: { digits: string; display: string; href: string }): boolean {
  return PLAIN_PHONE.test(phone.digits) && PLAIN_PHONE.test(phone.display) && PLAIN_PHONE.test(phone.href);
}

/** Whether `at` is inside one of the shell's island props scripts. */
function inPropsScript(html: string, at: number): boolean {
  const open = html.lastIndexOf(PROPS_SCRIPT_OPEN, at);
  return open >= 0 && html.indexOf(SCRIPT_CLOSE, open) > at;
}

/** A rendered text cut at its slots: slot `i` sits between `parts[i]` and `parts[i + 1]`. */
interface SlotCut {
  readonly parts: readonly string[];
  /** Each slot's place in SLOT_MARKS (or SEARCH_IN_JSON). */
  readonly slotIndexes: readonly number[];
}

export function compileShell(html: string, contextHead = '{}'): CompiledShell {
  return { ...compileCut(html), contextHead };
}

/** `text` cut at its slots, as bytes; only the bytes and the slots' places are kept. */
export function compileCut(text: string): CompiledCut {
  const { parts, slotIndexes } = cutAtSlots(text);
  return { slotIndexes, partBytes: parts.map((part) => utf8.encode(part)) };
}

/** `html` cut at every slot it has; an island's props script gets the search as JSON content. */
function cutAtSlots(html: string): SlotCut {
  const parts: string[] = [];
  const slotIndexes: number[] = [];
  let last = 0;
  let context = false;
  for (const match of html.matchAll(SLOT_PATTERN)) {
    // The page context is one slot: only its first occurrence is filled (as String.replace did).
    if (match[0] === CONTEXT_MARK) {
      if (context) continue;
      context = true;
    }
    parts.push(html.slice(last, match.index));
    const index = SLOT_MARKS.indexOf(match[0] as (typeof SLOT_MARKS)[number]);
    slotIndexes.push(
      index === SLOT_MARKS.indexOf(SEARCH_SLOT) && inPropsScript(html, match.index) ? SEARCH_IN_JSON : index,
    );
    last = match.index + match[0].length;
  }
  parts.push(html.slice(last));
  return { parts, slotIndexes };
}

export class ShellCache {
  private readonly entries = new Map<string, CompiledShell>();

  get(key: string): CompiledShell | undefined {
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      // Re-insert: Map keeps insertion order, so the oldest entry is the least recently used.
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, html: string, contextHead?: string): CompiledShell {
    if (!html.includes(NONCE_SLOT) || !html.includes(CONTEXT_MARK)) {
      throw new Error('a cached shell must contain the nonce and page-context slots');
    }
    const compiled = compileShell(html, contextHead);
    this.entries.set(key, compiled);
    while (this.entries.size > MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return compiled;
  }

  get size(): number {
    return this.entries.size;
  }
}

export interface ShellSlots {
  nonce: string;
  /** Script-safe JSON of the page context. */
  pageContextJson: string;
  submissionId: string;
  /** The carried query string, '' or starting with '?'. */
  search: string;
  /** The form's quote token ([A-Za-z0-9_.-] only, so attribute-safe), when the shell has its slot. */
  quoteToken?: string | null;
  /** The number shown (isPlainPhone: written as it is). */
  phone: { digits: string; display: string; href: string };
  /**
   * The form island for this request, when the shell has its slot: its markup cut at the same
   * slots (src/worker/form-island-cache.ts), written into the page with this request's values.
   */
  formIsland?: CompiledCut;
}

/**
 * Writes the shell with this request's values as the UTF-8 bytes of the page, into the array
 * `into` gives for the room the page may need (joining the parts as a string and having the
 * Response encode 20 KB again cost more than the rest of a shared page's fill). The form
 * island's slot takes the island's own bytes, its slots filled from the same values (joined as
 * a string first, the island was copied twice more: once joined, once flattened to be encoded).
 * The search string appears in attribute values (the form's action), where React escapes '&' and
 * quotes; a URL's search has no quotes or '<' (they are percent-encoded), so escaping '&'
 * reproduces exactly what React would have written. In an island's props script it is JSON
 * string content, written as scriptJson would (searchInJson).
 */
function writeShell(
  shell: CompiledShell,
  slots: ShellSlots,
  into: (room: number) => Uint8Array<ArrayBuffer>,
): Uint8Array<ArrayBuffer> {
  const values = slotValues(slots);
  const island = slots.formIsland;
  // Room for the longest encoding (3 bytes a UTF-16 unit); the values are written in place.
  const page = into(roomFor(shell, values) + (island === undefined ? 0 : roomFor(island, values)));
  return page.subarray(0, writeCut(shell, values, page, 0, island));
}

/** The most bytes a cut takes with these values (3 bytes a UTF-16 unit of a value). */
function roomFor(cut: CompiledCut, values: readonly string[]): number {
  let room = 0;
  for (const part of cut.partBytes) room += part.length;
  for (const index of cut.slotIndexes) room += (values[index] as string).length * 3;
  return room;
}

/** Writes `cut` at `at` with the values in its slots (the form island's, `island`); returns where it ends. */
function writeCut(
  cut: CompiledCut,
  values: readonly string[],
  page: Uint8Array<ArrayBuffer>,
  at: number,
  island?: CompiledCut,
): number {
  const { partBytes, slotIndexes } = cut;
  for (let i = 0; i < partBytes.length; i++) {
    const part = partBytes[i] as Uint8Array;
    page.set(part, at);
    at += part.length;
    const index = slotIndexes[i];
    if (index === undefined) continue;
    if (index === FORM_ISLAND_INDEX && island !== undefined) at = writeCut(island, values, page, at);
    else at = writeValue(values[index] as string, page, at);
  }
  return at;
}

/** Values this short are tried byte by byte first (a nonce, an id, the number, most queries). */
const SHORT_VALUE = 64;

/**
 * Writes a slot's value at `at` as UTF-8; returns where it ends. A short value in ASCII is copied
 * a code unit a byte: encodeInto needs a view of the rest of the page, one more object for every
 * slot of every page (the nonce alone fills a dozen). Anything else, or a short value that turns
 * out not to be ASCII, is encoded whole from `at` (over what the copy wrote).
 */
function writeValue(value: string, page: Uint8Array<ArrayBuffer>, at: number): number {
  if (value.length <= SHORT_VALUE) {
    let i = 0;
    for (; i < value.length; i++) {
      const code = value.charCodeAt(i);
      if (code >= 0x80) break;
      page[at + i] = code;
    }
    if (i === value.length) return at + i;
  }
  return at + utf8.encodeInto(value, page.subarray(at)).written;
}

/** What each slot is filled with, in the order of SLOT_MARKS, then SEARCH_IN_JSON (the form island's slot: its own write). */
function slotValues(slots: ShellSlots): string[] {
  return [
    slots.nonce,
    slots.submissionId,
    slots.search.replaceAll('&', '&amp;'),
    slots.quoteToken ?? '',
    slots.pageContextJson,
    slots.phone.digits,
    slots.phone.display,
    slots.phone.href,
    '',
    searchInJson(slots.search),
  ];
}

/** The search string as content of a JSON string in a script, as scriptJson writes it (most pages carry none). */
function searchInJson(search: string): string {
  return search === '' ? '' : scriptJson(search).slice(1, -1);
}

/** Pages larger than this get an array of their own rather than a larger scratch buffer. */
const MAX_SCRATCH_BYTES = 1 << 20;
let scratch = new Uint8Array(64 * 1024);

/**
 * The Response of the shell with this request's values. The page is written into one
 * buffer per isolate, not a new zero-filled array per request: allocating and collecting 40 KB a
 * page cost about as much as writing it. `respond` gets a view of that buffer and must build the
 * Response from it before it returns: a Response copies a BufferSource body when it is built
 * (Fetch, "extract a body": "a copy of the bytes held by object"), so the next page may then
 * write over the buffer. Nothing else may keep the view.
 */
export function shellResponse(
  shell: CompiledShell,
  slots: ShellSlots,
  respond: (page: Uint8Array<ArrayBuffer>) => Response,
): Response {
  const page = writeShell(shell, slots, (room) => {
    if (room > MAX_SCRATCH_BYTES) return new Uint8Array(room);
    if (room > scratch.length) scratch = new Uint8Array(Math.min(MAX_SCRATCH_BYTES, 2 ** Math.ceil(Math.log2(room))));
    return scratch;
  });
  return respond(page);
}

/**
 * The consent step as the Worker served it, kept once per content hash. The page is rendered as
 * its shared shell is (per-request values left as their named slots: nonce, page context,
 * submission id, number) and with every one of the visitor's answers replaced by its field name
 * (`{{firstName}}`), so visitors of the same step share one snapshot and none of them is in it.
 * Before it is stored, the HTML is searched for the visitor's own answers as a second guard: a
 * snapshot holding one is never stored (the certificate then names none). The HTML goes to R2
 * (`page-snapshots/{sha256}.html`) once: a D1 row (page_snapshots) is written after the object
 * and looked up first, and an isolate remembers the hashes it has seen stored. The store runs
 * after the response (a page awaits only the visitor's state before its first byte); a final step
 * of this isolate that names a hash still being stored waits for it (storedSnapshot).
 */
import { sha256Hex } from '../../shared/consent';
import { stepFields, type FormDef } from '../../shared/forms';
import type { FormValues } from '../../shared/json';
import { logJson } from '../observability/log';

export const SNAPSHOT_PREFIX = 'page-snapshots/';

export function snapshotKey(sha256: string): string {
  return `${SNAPSHOT_PREFIX}${sha256}.html`;
}

/** A field's stand-in in a snapshot, and how the page of a proven buyer puts the answer back. */
export function placeholderOf(field: string): string {
  return `{{${field}}}`;
}

/** The visitor's answers with each value replaced by its field name. */
export function placeholderValues(values: FormValues): FormValues {
  return Object.fromEntries(Object.keys(values).map((name) => [name, placeholderOf(name)]));
}

/** A step shown again as posted (without JavaScript), its posted answers replaced by field names. */
export function placeholderRetry<T extends { inputs: Record<string, string> }>(retry: T): T {
  return { ...retry, inputs: Object.fromEntries(Object.keys(retry.inputs).map((name) => [name, placeholderOf(name)])) };
}

/** Answers a person types (names, contact, address, dates); a choice is one of the page's own options. */
const TYPED = new Set(['zip', 'text', 'email', 'tel', 'date-parts']);

/** The visitor's typed answers of the form: what must never be in a snapshot. */
export function typedAnswers(form: FormDef, values: FormValues): FormValues {
  const typed = new Set(
    form.steps.flatMap((step) =>
      stepFields(step)
        .filter((f) => TYPED.has(f.kind))
        .map((f) => f.name),
    ),
  );
  // A date's parts are posted and stored under the field's name with a suffix.
  return Object.fromEntries(
    Object.entries(values).filter(([name]) => typed.has(name) || [...typed].some((t) => name.startsWith(t))),
  );
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };

/**
 * Whether any of the visitor's own answers is in the html (as typed, HTML-escaped or
 * JSON-escaped). Answers of 3 characters or fewer (a yes/no "1", an age) say nothing about a
 * person and would match any page; longer ones are names, numbers and addresses.
 */
export function holdsAnswer(html: string, values: FormValues): boolean {
  for (const value of Object.values(values)) {
    if (typeof value !== 'string' || value.trim().length <= 3) continue;
    const forms = [value, value.replace(/[&<>"']/g, (ch) => escapes[ch] ?? ch), JSON.stringify(value).slice(1, -1)];
    if (forms.some((form) => html.includes(form))) return true;
  }
  return false;
}

export interface SnapshotMeta {
  brand: string;
  page: string;
  step: string;
  consentVersion: string;
}

/** Hashes of snapshots this isolate has seen stored (R2 object and D1 row), by cache key. */
const known = new Map<string, string>();
const MAX_KNOWN = 500;
/** Stores under way in this isolate, by hash. */
const storing = new Map<string, Promise<void>>();

/** Settles once a store of `sha256` this isolate started has ended (at once when none is under way). */
export async function storedSnapshot(sha256: string): Promise<void> {
  await storing.get(sha256);
}

/**
 * The hash of the step's snapshot for `cacheKey`, storing it first when new. `render` is called
 * only when this isolate has not stored the snapshot of this key; null when it could not be
 * made or held an answer (the page is served all the same).
 */
export async function servedSnapshot(
  env: Env,
  waitUntil: (promise: Promise<unknown>) => void,
  cacheKey: string,
  meta: SnapshotMeta,
  values: FormValues,
  render: () => Promise<string>,
): Promise<string | null> {
  const hit = known.get(cacheKey);
  if (hit) return hit;
  try {
    const html = await render();
    if (holdsAnswer(html, values)) {
      logJson('error', 'consent step snapshot held an answer; not stored', { where: 'consent.page-snapshot' });
      return null;
    }
    const sha256 = await sha256Hex(html);
    if (!storing.has(sha256)) {
      const store = storeSnapshot(env, sha256, html, meta)
        .then(() => {
          known.set(cacheKey, sha256);
          if (known.size > MAX_KNOWN) known.delete(known.keys().next().value ?? '');
        })
        .catch((error: unknown) => {
          logJson('error', 'consent step snapshot not stored', {
            where: 'consent.page-snapshot',
            error: error instanceof Error ? error.message : String(error),
          });
        })
        .finally(() => storing.delete(sha256));
      storing.set(sha256, store);
      waitUntil(store);
    }
    return sha256;
  } catch (error) {
    logJson('error', 'consent step snapshot not made', {
      where: 'consent.page-snapshot',
      error: error instanceof Error ? error.message : String(error),
    });
    return null;
  }
}

/** One R2 put per distinct hash: the D1 row is written after the object, and looked up first. */
async function storeSnapshot(env: Env, sha256: string, html: string, meta: SnapshotMeta): Promise<void> {
  const row = await env.DB.prepare('SELECT 1 AS found FROM page_snapshots WHERE sha256 = ?')
    .bind(sha256)
    .first<{ found: number }>();
  if (row) return;
  const bytes = new TextEncoder().encode(html);
  await env.ARCHIVE.put(snapshotKey(sha256), bytes, {
    httpMetadata: { contentType: 'text/html; charset=utf-8' },
    customMetadata: { brand: meta.brand, page: meta.page, step: meta.step },
  });
  await env.DB.prepare(
    'INSERT OR IGNORE INTO page_snapshots (sha256, brand, page, step, consent_version, bytes, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  )
    .bind(sha256, meta.brand, meta.page, meta.step, meta.consentVersion, bytes.byteLength, new Date().toISOString())
    .run();
}

/** The stored snapshot's row (what it shows), or null when the Worker never stored this hash. */
export async function snapshotMeta(db: D1Database, sha256: string): Promise<(SnapshotMeta & { bytes: number }) | null> {
  const row = await db
    .prepare('SELECT brand, page, step, consent_version, bytes FROM page_snapshots WHERE sha256 = ?')
    .bind(sha256)
    .first<{ brand: string; page: string; step: string; consent_version: string; bytes: number }>();
  return row
    ? { brand: row.brand, page: row.page, step: row.step, consentVersion: row.consent_version, bytes: row.bytes }
    : null;
}

/** The snapshot's HTML, or null. */
export async function snapshotHtml(bucket: R2Bucket, sha256: string): Promise<string | null> {
  const object = await bucket.get(snapshotKey(sha256));
  return object ? await object.text() : null;
}

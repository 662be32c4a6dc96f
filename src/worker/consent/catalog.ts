/**
 * The consent text catalog (D1 `consent_texts`): every disclosure text ever shown, keyed by
 * the SHA-256 a lead stores. Written with INSERT OR IGNORE the first time an isolate shows a
 * text (in the background) and again with each lead, so every lead's hash resolves even if
 * the first write was lost. A row is never updated: a changed text has a new hash.
 */
import type { Context } from 'hono';
import type { FormId, Language } from '../../routes/schema';
import type { ConsentDisclosure } from '../../shared/consent';
import { currentConsent, sha256Hex } from '../../shared/consent';
import { consentStep, formDefinition } from '../../shared/forms';
import type { AppEnv } from '../env';
import { logJson } from '../observability/log';

/** Hashes this isolate already wrote (one write per text per isolate, not one per page view). */
const written = new Set<string>();

export function catalogInsert(
  db: D1Database,
  sha256: string,
  disclosure: ConsentDisclosure,
  at: Date,
): D1PreparedStatement {
  return db
    .prepare(
      'INSERT OR IGNORE INTO consent_texts (sha256, version, language, text, first_shown_at) VALUES (?, ?, ?, ?, ?)',
    )
    .bind(sha256, disclosure.version, disclosure.language, disclosure.text, at.toISOString());
}

/** Records a text as shown (idempotent); returns its SHA-256. */
export async function recordConsentText(
  db: D1Database,
  disclosure: ConsentDisclosure,
  at: Date = new Date(),
): Promise<string> {
  const sha256 = await sha256Hex(disclosure.text);
  if (written.has(sha256)) return sha256;
  await catalogInsert(db, sha256, disclosure, at).run();
  written.add(sha256);
  return sha256;
}

export interface CatalogText {
  version: string;
  language: string;
  text: string;
}

export async function catalogText(db: D1Database, sha256: string): Promise<CatalogText | null> {
  return db
    .prepare('SELECT version, language, text FROM consent_texts WHERE sha256 = ?')
    .bind(sha256)
    .first<CatalogText>();
}

/** Texts this isolate has already scheduled for the catalog (brand, version, language). */
const noted = new Set<string>();

/**
 * A page with a form is about to show its consent text: the first time per isolate, write it
 * to the catalog in the background (page views never wait on D1).
 */
export function noteConsentShown(c: Context<AppEnv>, formId: FormId, language: Language): void {
  const form = formDefinition(formId);
  if (!consentStep(form)) return;
  const brand = c.get('brand');
  const disclosure = currentConsent(language, brand.name, form.product);
  const key = `${brand.id}|${disclosure.version}|${language}`;
  if (noted.has(key)) return;
  noted.add(key);
  c.executionCtx.waitUntil(
    recordConsentText(c.env.DB, disclosure).catch((error: unknown) => {
      noted.delete(key);
      logJson('error', 'consent text not written to the catalog', {
        where: 'consent.catalog',
        error: error instanceof Error ? error.message : String(error),
      });
    }),
  );
}

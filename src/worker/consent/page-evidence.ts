/**
 * The final step's evidence of what the visitor saw, judged before it is signed: the snapshot
 * hash the served step carried (a hash the Worker stored for this brand, page, step and consent
 * version, or marked `refused`), and the browser's visibility report (parsed by its schema and
 * checked for plausibility against what the Worker served: the stylesheet's font size, the
 * button the consent text names, the time since the step before). A report that fails a check is
 * signed as `refused` with its reasons, never as fact; without JavaScript, `not_measured`.
 */
import { consentDisclosure, visibleConsent } from '../../shared/consent';
import {
  CONSENT_FONT_PX,
  CONSENT_VISIBILITY_FIELD,
  PAGE_SNAPSHOT_FIELD,
  type VisibilityReport,
} from '../../shared/consent/visibility';
import type { Language } from '../../routes/schema';
import { snapshotMeta, storedSnapshot } from './page-snapshot';
import { visibilityReportSchema } from './visibility-report';

/** The certificate's `page`: the snapshot of the consent step as served. */
export type PageEvidence =
  | { snapshot_sha256: string; status: 'served' }
  | { snapshot_sha256: string | null; status: 'refused'; reason: string }
  | { snapshot_sha256: null; status: 'not_reported' };

/** The certificate's `visibility`: what the browser measured, as judged. */
export type VisibilityEvidence =
  | { status: 'not_measured' }
  | {
      status: 'measured' | 'refused';
      /** Each check the report failed (empty when measured). */
      refused: string[];
      /** The report as sent (absent when it was not even well formed). */
      report?: VisibilityReport;
      /** Derived from the report: the disclosure's whole box inside the viewport. */
      disclosure_in_view?: boolean;
      /** The font size the stylesheet sets for this disclosure, CSS px. */
      expected_font_px?: number;
    };

/** Both, as the certificate carries them under their own keys. */
export interface StepEvidence {
  page: PageEvidence;
  visibility: VisibilityEvidence;
}

const SHA256 = /^[0-9a-f]{64}$/;

export interface ServedStep {
  brand: { id: string; name: string };
  page: string;
  step: string;
  language: Language;
  /** The consent version the step posted (null: none). */
  consentVersion: string | null;
}

export async function pageEvidence(
  db: D1Database,
  raw: Readonly<Record<string, unknown>>,
  served: ServedStep,
): Promise<PageEvidence> {
  const posted = raw[PAGE_SNAPSHOT_FIELD];
  if (posted === undefined || posted === '') return { snapshot_sha256: null, status: 'not_reported' };
  if (typeof posted !== 'string' || !SHA256.test(posted))
    return { snapshot_sha256: null, status: 'refused', reason: 'not a SHA-256' };
  // A snapshot served a moment ago by this isolate may still be on its way to storage.
  await storedSnapshot(posted);
  const meta = await snapshotMeta(db, posted);
  if (!meta) return { snapshot_sha256: posted, status: 'refused', reason: 'not a snapshot this Worker served' };
  if (meta.brand !== served.brand.id || meta.page !== served.page || meta.step !== served.step)
    return { snapshot_sha256: posted, status: 'refused', reason: 'a snapshot of another page' };
  if (meta.consentVersion !== served.consentVersion)
    return { snapshot_sha256: posted, status: 'refused', reason: 'a snapshot of another consent version' };
  return { snapshot_sha256: posted, status: 'served' };
}

function parseReport(value: unknown): VisibilityReport | null {
  if (typeof value !== 'string') return null;
  try {
    const parsed = visibilityReportSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Slack on the time on step: the browser's clock starts after the previous step's answer left the Worker. */
const TIME_SLACK_MS = 2_000;
/** No single step of a funnel is left open longer than this and still counted (a day). */
const MAX_STEP_MS = 24 * 60 * 60 * 1000;

export function visibilityEvidence(
  raw: Readonly<Record<string, unknown>>,
  served: ServedStep & {
    /** When the step before was submitted (the Worker's record), null when none. */
    previousStepAt: Date | null;
    now: Date;
    /** Whether the consent's <details> was opened, as the form's own field said. */
    fullTextOpened: boolean | 'not_measured';
  },
): VisibilityEvidence {
  const value = raw[CONSENT_VISIBILITY_FIELD];
  if (value === undefined || value === '') return { status: 'not_measured' };
  const report = parseReport(value);
  if (!report) return { status: 'refused', refused: ['report: not a visibility report'] };
  const disclosure = served.consentVersion
    ? consentDisclosure(served.consentVersion, served.language, served.brand.name)
    : undefined;
  const visible = disclosure ? visibleConsent(disclosure) : undefined;
  const expected = visible?.attestedInView ? CONSENT_FONT_PX.in_view : CONSENT_FONT_PX.summary;
  const { box, viewport } = report;
  const refused: string[] = [];
  if (viewport.width < 200 || viewport.height < 200 || viewport.width > 10_000 || viewport.height > 10_000)
    refused.push('viewport: not a screen size');
  if (box.width <= 0 || box.height <= 0 || box.width > viewport.width + 1)
    refused.push('box: not a box the disclosure could have on this viewport');
  // A reader's larger text setting may enlarge it; the stylesheet never makes it smaller.
  if (report.fontSizePx < expected - 0.5 || report.fontSizePx > expected * 4)
    refused.push(`font_size: the stylesheet sets ${expected} px`);
  if (report.contrastRatio < 1 || report.contrastRatio > 21) refused.push('contrast_ratio: outside 1 to 21');
  const sinceStepBefore = served.previousStepAt
    ? served.now.getTime() - served.previousStepAt.getTime() + TIME_SLACK_MS
    : MAX_STEP_MS;
  if (report.timeOnStepMs < 0 || report.timeOnStepMs > Math.min(sinceStepBefore, MAX_STEP_MS))
    refused.push('time_on_step: longer than the step was open');
  if (!disclosure || report.buttonLabel !== disclosure.action)
    refused.push('button_label: not the button the consent text names');
  if (served.fullTextOpened !== 'not_measured' && served.fullTextOpened !== report.fullTextOpened)
    refused.push('full_text_opened: differs from the form field');
  return {
    status: refused.length > 0 ? 'refused' : 'measured',
    refused,
    report,
    disclosure_in_view:
      box.top >= 0 &&
      box.left >= 0 &&
      box.top + box.height <= viewport.height &&
      box.left + box.width <= viewport.width,
    expected_font_px: expected,
  };
}

/**
 * What the consent step looked like in the visitor's browser when they pressed its button: the
 * disclosure's box against the viewport and the button, its computed font size and contrast, the
 * <details> opened or not, the time on the step, the pressed button's label and the viewport.
 * The form island measures it (src/ui/islands/quote-form/consent-visibility.ts) and sends it as
 * one JSON string value with the final step; the Worker parses it with its schema and judges
 * its plausibility before it is signed into the certificate. Without JavaScript nothing is sent
 * and the certificate says so.
 */
/** The value names the final step carries: the measured report, and the snapshot of the page as served. */
export const CONSENT_VISIBILITY_FIELD = 'consentVisibility';
export const PAGE_SNAPSHOT_FIELD = 'pageSnapshot';

/** Marks the disclosure element that is visible without a tap (the attested text, or its summary line). */
export const CONSENT_VISIBLE_ATTR = 'data-consent-visible';

/**
 * The font size (CSS px, root 16 px) the house stylesheet gives the visible disclosure
 * (src/ui/styles.css): `.consent--in-view` 0.8125rem, the `.consent-full summary` line
 * 0.875rem. A browser may show it larger (the reader's own text size), never smaller.
 */
export const CONSENT_FONT_PX = { in_view: 13, summary: 14 } as const;

/**
 * The report the island sends (parsed on the Worker by src/worker/consent/visibility-report.ts;
 * the browser bundle carries no zod).
 */
export interface VisibilityReport {
  /** The visible disclosure's box, CSS px relative to the viewport's top left. */
  box: { top: number; left: number; width: number; height: number };
  /** CSS px from the disclosure's bottom edge to the pressed button's top (negative: the button is above). */
  gapToButton: number;
  /** The computed font size of the disclosure, CSS px. */
  fontSizePx: number;
  /** WCAG 2 contrast ratio of the disclosure's text colour against its background. */
  contrastRatio: number;
  fullTextOpened: boolean;
  /** Milliseconds from the step's first render in the browser to the press. */
  timeOnStepMs: number;
  /** The text of the button that sent the step. */
  buttonLabel: string;
  viewport: { width: number; height: number };
}

/** WCAG 2 relative luminance of an sRGB colour (0-255 channels). */
function luminance([r, g, b]: readonly [number, number, number]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG 2 contrast ratio of two opaque sRGB colours, 1 to 21. */
export function contrastRatio(a: readonly [number, number, number], b: readonly [number, number, number]): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

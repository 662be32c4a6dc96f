import { describe, expect, it } from 'vitest';
import { brandByCode } from '../../brands';
import type { VisibilityReport } from '../../src/shared/consent/visibility';
import { finishMedicare, jwsPayload, leadOf } from '../support/consent';
import { visitor, type Visitor } from '../support/funnel';
import { sandboxScope } from '../support/sandbox';

/**
 * What the browser measured of the disclosure at the press is signed into the certificate only
 * as judged: a plausible report as `measured`, an implausible or malformed one as `refused` with
 * its reasons, and a step sent without JavaScript as `not_measured`.
 */
const firstSeller = brandByCode('bh')?.consent.medicare?.sellers[0]?.id ?? '';

/** What a phone of 390x844 reports on the Medicare contact step (e2e/consent-evidence measures the real one). */
const plausible: VisibilityReport = {
  box: { top: 420, left: 16, width: 358, height: 118 },
  gapToButton: 10,
  fontSizePx: 13,
  contrastRatio: 14.7,
  fullTextOpened: false,
  timeOnStepMs: 8_000,
  buttonLabel: 'Talk to a licensed agent',
  viewport: { width: 390, height: 844 },
};

async function visibilityOf(v: Visitor, extra?: Record<string, string>): Promise<Record<string, unknown>> {
  await finishMedicare(v, [firstSeller], undefined, extra ? { extra } : {});
  const lead = await leadOf(v.id);
  const res = await v.fetch(`/certificates/${lead.certificate_id}`, { headers: { accept: 'application/json' } });
  const { jws } = await res.json<{ jws: string }>();
  return jwsPayload(jws).visibility as Record<string, unknown>;
}

/** The report as the island sends it: a JSON string beside the form's own "was the full text opened" field. */
const sent = (report: unknown) => ({
  consentVisibility: typeof report === 'string' ? report : JSON.stringify(report),
  consentFullTextOpened: 'no',
});

describe('what the browser measured of the consent', () => {
  it('a plausible report is signed as measured, with the disclosure in view', async () => {
    const visibility = await visibilityOf(visitor('bh', { ip: sandboxScope().ip }), sent(plausible));
    expect(visibility).toEqual({
      status: 'measured',
      refused: [],
      report: plausible,
      disclosure_in_view: true,
      expected_font_px: 13,
    });
  });

  it('an implausible report is signed as refused, each failed check named', async () => {
    const visibility = await visibilityOf(
      visitor('bh', { ip: sandboxScope().ip }),
      sent({
        ...plausible,
        fontSizePx: 9,
        buttonLabel: 'Skip',
        // Ten minutes on a step the Worker showed a minute ago.
        timeOnStepMs: 600_000,
        fullTextOpened: true,
        viewport: { width: 390, height: 20 },
      }),
    );
    expect(visibility.status).toBe('refused');
    expect(visibility.refused).toEqual([
      'viewport: not a screen size',
      'font_size: the stylesheet sets 13 px',
      'time_on_step: longer than the step was open',
      'button_label: not the button the consent text names',
      'full_text_opened: differs from the form field',
    ]);
  });

  it('a box wider than the screen or a contrast outside 1 to 21 is refused', async () => {
    const visibility = await visibilityOf(
      visitor('bh', { ip: sandboxScope().ip }),
      sent({ ...plausible, box: { ...plausible.box, width: 2000 }, contrastRatio: 30 }),
    );
    expect(visibility).toMatchObject({
      status: 'refused',
      refused: ['box: not a box the disclosure could have on this viewport', 'contrast_ratio: outside 1 to 21'],
    });
  });

  it('a disclosure below the fold, or partly above it, is never signed as in view', async () => {
    for (const box of [
      { ...plausible.box, top: 900 },
      { ...plausible.box, top: 780 },
      { ...plausible.box, top: -20 },
    ]) {
      const visibility = await visibilityOf(visitor('bh', { ip: sandboxScope().ip }), sent({ ...plausible, box }));
      expect(visibility, `top ${box.top}`).toMatchObject({ status: 'measured', disclosure_in_view: false });
    }
  });

  it('a report that is not one is refused without being signed as fact', async () => {
    for (const report of ['{not json', JSON.stringify({ ...plausible, extra: 1 })]) {
      const visibility = await visibilityOf(visitor('bh', { ip: sandboxScope().ip }), sent(report));
      expect(visibility).toEqual({ status: 'refused', refused: ['report: not a visibility report'] });
    }
  });

  it('without JavaScript the certificate says nothing was measured', async () => {
    const visibility = await visibilityOf(visitor('bh', { ip: sandboxScope().ip }));
    expect(visibility).toEqual({ status: 'not_measured' });
  });
});

import { expect } from 'vitest';
import { hiddenFieldsOf, type Visitor } from '../support/funnel';

/** What the final step of get-yours-otc needs as the island sends it: its consent version and a quote token. */
export async function finalStepKit(v: Visitor): Promise<{ consentVersion: string; quoteToken: string }> {
  const page = await v.get('/get-yours-otc/contact');
  const hidden = hiddenFieldsOf(await page.text());
  const token = await v.fetch('/api/quote-token', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  expect(token.status).toBe(200);
  const { token: quoteToken } = await token.json<{ token: string }>();
  expect(hidden.consentVersion).toBeTruthy();
  return { consentVersion: hidden.consentVersion ?? '', quoteToken };
}

/** A JSON step submit of get-yours-otc, as the island sends it. */
export function jsonStep(step: string, values: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return { submissionId: crypto.randomUUID(), page: '/get-yours-otc', step, values, ...extra };
}

/** Every step before the final one, in order, from the brand's own pages. */
export async function answerMedicareSteps(v: Visitor): Promise<void> {
  for (const [step, values] of [
    ['zip', { zipcode: '33101' }],
    ['medicare', { haveMedicare: true }],
    ['medicaid', { haveMedicaid: false }],
    ['name', { firstName: 'Ada', lastName: 'Lovelace' }],
  ] as const) {
    const res = await v.api(jsonStep(step, values));
    expect(res.status, step).toBe(200);
  }
}

/** The first company the bh Medicare consent step lists, ticked: consent to share is given to someone. */
export const FIRST_SELLER: Readonly<Record<string, string>> = {
  'consentSeller:benefit-helpers-insurance-agency': 'yes',
};

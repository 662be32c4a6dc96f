import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { currentConsent } from '../../shared/consent';
import { formDefinition } from '../../shared/forms';
import type { FormId, Language } from '../../routes/schema';
import { funnelProps } from './form-page';

const props = (formId: FormId, brandName: string, language: Language = 'english') =>
  funnelProps(env, {
    formId,
    stepName: formDefinition(formId).steps[0]?.name ?? '',
    values: {},
    completed: false,
    url: new URL('https://bh.example/get-yours-otc'),
    language,
    brandName,
  });

describe("a form's props built for each page view", () => {
  it("carry the consent text of the page's brand, language and product, whichever was built before", async () => {
    const cases: [FormId, string, Language][] = [
      ['medicare', 'Better Health', 'english'],
      ['medicare', 'Medicare 10', 'english'],
      ['medicare', 'Medicare 10', 'spanish'],
      ['auto', 'Medicare 10', 'english'],
      ['quiz-auto', 'Quote Shark', 'english'],
      ['medicare', 'Better Health', 'english'],
    ];
    for (const [form, brand, language] of cases) {
      const expected = currentConsent(language, brand, formDefinition(form).product);
      const consent = (await props(form, brand, language)).consent;
      expect(consent, `${form} ${brand} ${language}`).toMatchObject({
        version: expected.version,
        text: expected.text,
        action: expected.action,
      });
      expect(consent?.text, `${form} ${brand}`).toContain(brand);
    }
  });

  it('list the insurers only for a form that asks for them, whichever form came before', async () => {
    for (const [form, asks] of [
      ['medicare', false],
      ['auto', true],
      ['medicare', false],
      ['quiz-auto', true],
      ['life', false],
    ] as const) {
      const insurers = (await props(form, 'Better Health')).insurers;
      expect(insurers !== null, form).toBe(asks);
    }
  });
});

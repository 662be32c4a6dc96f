import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENT_INSURERS } from '../../src/shared/lead';
import {
  findStep,
  formDefinition,
  inputNames,
  nextStepName,
  stepFields,
  stepVerdict,
  submittedFromInputs,
  type FieldDef,
  type StepDef,
} from '../../src/shared/forms';
import { waivableTypos } from '../../src/shared/forms/typed-contact';
import { choicesOf, stepPayload, valuesFromInputs, type Inputs } from '../../src/ui/islands/quote-form/inputs';
import type { FormId } from '../../src/routes/schema';
import { decode, visitor, type Visitor } from '../support/funnel';

/**
 * JavaScript and no-JavaScript validation agree. For generated inputs of a
 * step, three readings must give the same outcome (advance, or blocked with the same missing
 * fields): the island's own check before it sends (the functions the island runs), the Worker
 * answering the island's JSON, and the Worker answering the same inputs posted as an HTML form
 * without JavaScript. An invalid optional value is dropped in every path (spec section 5), except
 * a typed phone, email or date of birth, which blocks in every path until it is fixed or gone on
 * without (docs/decisions/0285-typed-contact-never-dropped.md).
 */

/** Candidate texts per input: valid, invalid and empty, with the spacing people type. */
function candidates(field: FieldDef, name: string): string[] {
  if (field.kind === 'date-parts') {
    if (name.endsWith('Month')) return ['1', '12', '13', '', 'x'];
    if (name.endsWith('Day')) return ['1', '31', '32', '', '0'];
    return ['1950', '1899', '2100', '', '19x0'];
  }
  switch (field.kind) {
    case 'zip':
      return ['33101', ' 60601 ', '1234', '123456', 'abcde', ''];
    case 'text':
      return ['Ada', ' Lovelace ', '   ', '', 'x'.repeat(257)];
    case 'email':
      return ['ada@example.com', ' ada@example.com ', 'bob@', 'not an email', ''];
    case 'tel':
      return ['(305) 555-0182', '3055550182', '(305) 555-018', ''];
    case 'yesno':
      return ['1', '0', 'maybe', ''];
    case 'vehicle-year':
      return ['2020', '1899', 'abcd', ''];
    // Listed values (Honda Civic is in the 2020 data): an unlisted make or model is refused by
    // the Worker alone (tests/funnel/listed-vehicles.integration.test.ts).
    case 'vehicle-make':
      return ['Honda', ' Honda ', '', 'x'.repeat(51)];
    case 'vehicle-model':
      return ['Civic', ' Civic ', '', 'x'.repeat(51)];
    default: {
      const choices = choicesOf(field, CURRENT_INSURERS) ?? [];
      return [...choices.slice(0, 3), 'bogus', ''];
    }
  }
}

function inputsArbitrary(step: StepDef): fc.Arbitrary<Inputs> {
  const entries: [string, fc.Arbitrary<string>][] = [];
  for (const field of stepFields(step, 1)) {
    for (const name of inputNames(field)) entries.push([name, fc.constantFrom(...candidates(field, name))]);
  }
  return fc.record(Object.fromEntries(entries));
}

/** `missing`: every question the step is held on (a required answer missing, or a typed contact value refused). */
interface Outcome {
  advance: boolean;
  missing: string[];
}

const held = (...lists: readonly string[][]) => [...new Set(lists.flat())].sort();

/** What the island decides before sending (src/ui/islands/quote-form/index.tsx onSubmit). */
function islandOutcome(formId: FormId, step: StepDef, inputs: Inputs): Outcome {
  const form = formDefinition(formId);
  const submitted = submittedFromInputs(step, inputs, step.group ? 1 : undefined, (field) =>
    choicesOf(field, CURRENT_INSURERS),
  );
  const verdict = stepVerdict(
    step,
    submitted,
    { ...valuesFromInputs(form, inputs, CURRENT_INSURERS), ...submitted },
    [],
    waivableTypos(step, inputs, step.group ? 1 : undefined),
  );
  return { advance: verdict.advance, missing: held(verdict.missing, verdict.typos) };
}

async function jsonOutcome(v: Visitor, page: string, step: StepDef, inputs: Inputs): Promise<Outcome> {
  const res = await v.api({
    submissionId: crypto.randomUUID(),
    page,
    step: step.name,
    values: stepPayload(step, inputs, 1),
  });
  expect(res.status).toBe(200);
  const reply = await res.json<{ blocked: boolean; missing: string[]; typos: string[] }>();
  return { advance: !reply.blocked, missing: held(reply.missing, reply.typos) };
}

async function formPostOutcome(
  v: Visitor,
  formId: FormId,
  page: string,
  step: StepDef,
  inputs: Inputs,
): Promise<Outcome> {
  const fields: Record<string, string> = { submissionId: crypto.randomUUID(), ...inputs };
  if (step.group) fields[`${step.group.prefix}s`] = '1';
  const res = await v.post(`${page}/${step.name}`, fields);
  // A typed contact value refused: the same step again (400), each question held showing its message.
  if (res.status === 400) {
    const html = decode(await res.text());
    const shown = [...html.matchAll(/<p class="error" id="[^"]*?-([A-Za-z0-9]+)-error"/g)].map((m) => m[1] ?? '');
    return { advance: false, missing: held(shown) };
  }
  expect(res.status).toBe(303);
  const location = new URL(res.headers.get('location') ?? '', 'http://x');
  // The way on follows the answers, as the Worker's does: "not insured" passes over the insurer.
  const form = formDefinition(formId);
  const next = nextStepName(form, step.name, valuesFromInputs(form, inputs, CURRENT_INSURERS));
  if (location.searchParams.has('missing'))
    return { advance: false, missing: (location.searchParams.get('missing') ?? '').split(',').filter(Boolean).sort() };
  // Advancing goes to the next step; the last step stays put (and shows the completion).
  expect(location.pathname).toBe(`${page}/${next ?? step.name}`);
  return { advance: true, missing: [] };
}

const CASES: { brand: string; page: string; form: FormId; steps: string[] }[] = [
  { brand: 'bh', page: '/get-yours-otc', form: 'medicare', steps: ['zip', 'medicare', 'name', 'contact'] },
  { brand: 'ps', page: '/save-auto', form: 'auto', steps: ['vehicles', 'insurance', 'drivers', 'driver-details'] },
];

describe('the island, its JSON submit and the no-JavaScript form post treat the same inputs alike', () => {
  for (const { brand, page, form, steps } of CASES) {
    for (const stepName of steps) {
      it(`${form} step ${stepName}`, async () => {
        const step = findStep(formDefinition(form), stepName);
        if (!step) throw new Error(`no step ${stepName}`);
        await fc.assert(
          fc.asyncProperty(inputsArbitrary(step), async (inputs) => {
            const island = islandOutcome(form, step, inputs);
            // Fresh visitors (and client ips) per run: the per-ip write limits stay out of the way.
            expect(await jsonOutcome(visitor(brand), page, step, inputs), JSON.stringify(inputs)).toEqual(island);
            expect(await formPostOutcome(visitor(brand), form, page, step, inputs), JSON.stringify(inputs)).toEqual(
              island,
            );
          }),
          { numRuns: 20 },
        );
      });
    }
  }
});

describe('table: a typed contact value blocks in every path until fixed or gone on without; a required one always blocks', () => {
  it('an invalid email on the Medicare contact step holds the step in all three paths; going on without it stores no email', async () => {
    const contact = findStep(formDefinition('medicare'), 'contact');
    const zip = findStep(formDefinition('medicare'), 'zip');
    if (!contact || !zip) throw new Error('medicare steps');
    const inputs = { phone: '(305) 555-0182', email: 'bob@' };
    const refused = { advance: false, missing: ['email'] };
    expect(islandOutcome('medicare', contact, inputs)).toEqual(refused);
    expect(await jsonOutcome(visitor('bh'), '/get-yours-otc', contact, inputs)).toEqual(refused);
    const noJs = visitor('bh');
    expect(await formPostOutcome(noJs, 'medicare', '/get-yours-otc', contact, inputs)).toEqual(refused);
    // The quiet choice to go on without it: the step finishes, the email is not kept, the phone is.
    const without = await noJs.post('/get-yours-otc/contact', {
      submissionId: crypto.randomUUID(),
      ...inputs,
      _action: 'without',
    });
    expect(without.status).toBe(303);
    // The contact step finished the form: its answers show when the visitor edits them (else the confirmation).
    const shown = decode(await (await noJs.get('/get-yours-otc/contact?edit=1')).text());
    expect(shown).toContain('value="(305) 555-0182"');
    expect(shown).not.toContain('value="bob@"');

    expect(islandOutcome('medicare', zip, { zipcode: '1234' })).toEqual({ advance: false, missing: ['zipcode'] });
    expect(await formPostOutcome(visitor('bh'), 'medicare', '/get-yours-otc', zip, { zipcode: '1234' })).toEqual({
      advance: false,
      missing: ['zipcode'],
    });
    expect(await jsonOutcome(visitor('bh'), '/get-yours-otc', zip, { zipcode: '1234' })).toEqual({
      advance: false,
      missing: ['zipcode'],
    });
  });

  it('a stored ZIP does not carry a mistyped one through: both paths ask again', async () => {
    const zip = findStep(formDefinition('medicare'), 'zip');
    if (!zip) throw new Error('zip step');
    const noJs = visitor('bh');
    expect(await formPostOutcome(noJs, 'medicare', '/get-yours-otc', zip, { zipcode: '33101' })).toEqual({
      advance: true,
      missing: [],
    });
    expect(await formPostOutcome(noJs, 'medicare', '/get-yours-otc', zip, { zipcode: '331' })).toEqual({
      advance: false,
      missing: ['zipcode'],
    });
    const js = visitor('bh');
    expect(await jsonOutcome(js, '/get-yours-otc', zip, { zipcode: '33101' })).toEqual({ advance: true, missing: [] });
    expect(await jsonOutcome(js, '/get-yours-otc', zip, { zipcode: '' })).toEqual({
      advance: false,
      missing: ['zipcode'],
    });
  });

  it('the Medicare contact step can be skipped: every value null, the lead completes', async () => {
    const v = visitor('bh');
    const res = await v.post('/get-yours-otc/contact', {
      submissionId: crypto.randomUUID(),
      phone: '',
      email: '',
      _action: 'skip',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/get-yours-otc/contact');
    expect(decode(await (await v.get('/get-yours-otc/contact')).text())).toContain('quote-form__done');
  });
});

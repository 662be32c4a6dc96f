import { describe, expect, it } from 'vitest';
import { finalExpenseForm } from '../../src/shared/forms/life';
import { problemMessage } from '../../src/shared/forms/messages';
import { decode, submitStep, visitor, type Visitor } from '../support/funnel';

/**
 * Final expense pages say "age 50 to 85": their date of birth takes only those ages. A date that
 * makes the visitor 25 blocks the step with a message naming the ages, in the page's language,
 * through the island's JSON and a form posted without JavaScript alike, and is not kept; 60 moves
 * on; the life form of get-life-now, which names no ages, still takes 25.
 */
const ENGLISH = 'Final expense plans are for people aged 50 to 85. Check the date of birth.';
const SPANISH = 'Los planes de gastos finales son para personas de 50 a 85 años. Revise la fecha de nacimiento.';

/** A date of birth `age` years and a half ago, as the three inputs post it. */
function bornYearsAgo(age: number): Record<string, string> {
  const now = new Date();
  const date = new Date(Date.UTC(now.getUTCFullYear() - age, now.getUTCMonth() - 6, 15));
  return {
    dateOfBirthMonth: String(date.getUTCMonth() + 1),
    dateOfBirthDay: String(date.getUTCDate()),
    dateOfBirthYear: String(date.getUTCFullYear()),
  };
}

const aboutBody = (page: string, age: number) => ({
  submissionId: crypto.randomUUID(),
  page,
  step: 'about',
  values: { gender: 'female', tobaccoUse: '0', ...bornYearsAgo(age) },
  pageUrl: `http://bh.localhost${page}/about`,
});

function errorLines(html: string): string[] {
  return [...html.matchAll(/<p class="error"[^>]*role="alert"[^>]*>([^<]*)<\/p>/g)].map((m) => m[1] ?? '');
}

async function stepHtml(v: Visitor, path: string): Promise<string> {
  const res = await v.get(path);
  expect(res.status).toBe(200);
  return decode(await res.text());
}

describe('final expense takes the ages its pages name', () => {
  it('JSON: 25 blocks the step as outside the ages and is not kept; 60 moves on', async () => {
    const v = visitor('bh');
    const refused = await v.api(aboutBody('/fe-1421', 25));
    expect(refused.status).toBe(200);
    expect(await refused.json()).toMatchObject({
      next: null,
      blocked: true,
      missing: ['dateOfBirth'],
      unknown: ['dateOfBirth'],
    });
    const html = await stepHtml(v, '/fe-1421/about');
    expect(html).not.toContain(`value="${bornYearsAgo(25).dateOfBirthYear}"`);
    expect(await (await v.api(aboutBody('/fe-1421', 60))).json()).toMatchObject({ next: 'name', blocked: false });
  });

  it('without JavaScript: 25 comes back with the message that names the ages', async () => {
    const v = visitor('bh');
    const location = await submitStep(v, '/fe-6993/about', {
      gender: 'female',
      tobaccoUse: '0',
      ...bornYearsAgo(25),
    });
    expect(location).toBe('/fe-6993/about?missing=dateOfBirth&unknown=dateOfBirth');
    expect(errorLines(await stepHtml(v, location))).toEqual([ENGLISH]);
  });

  it('86 is refused too, and life insurance without an age range still takes 25', async () => {
    const v = visitor('bh');
    expect(await (await v.api(aboutBody('/fe-2650', 86))).json()).toMatchObject({ blocked: true });
    expect(await (await v.api(aboutBody('/get-life-now', 25))).json()).toMatchObject({ next: 'name', blocked: false });
  });

  it('the message is written in both page languages', () => {
    const field = finalExpenseForm.steps.find((s) => s.name === 'about')?.fields.find((f) => f.name === 'dateOfBirth');
    expect(field).toBeDefined();
    if (!field) return;
    expect(problemMessage(field, 'english', 'unknown')).toBe(ENGLISH);
    expect(problemMessage(field, 'spanish', 'unknown')).toBe(SPANISH);
  });
});

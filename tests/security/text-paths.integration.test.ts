import { describe, expect, it } from 'vitest';
import { decode, hiddenFieldsOf, submissionIdOf, visitor } from '../support/funnel';
import { jsonStep } from './support';

/**
 * Every write path checks text the same way (src/worker/middleware/write-guard.ts): a step
 * posted as JSON, as an urlencoded form or as a multipart form, with a NUL or a terminal escape
 * in a field, is refused with the same 400 and stores nothing; the same step posted clean as
 * multipart is stored, so the refusal is the text rule and not the encoding.
 */
type Encoding = 'json' | 'urlencoded' | 'multipart';

async function postName(v: ReturnType<typeof visitor>, encoding: Encoding, firstName: string): Promise<Response> {
  if (encoding === 'json')
    return v.fetch('/api/form/submit', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(jsonStep('name', { firstName, lastName: 'Lovelace' })),
    });
  const html = await (await v.get('/get-yours-otc/name')).text();
  const fields = { ...hiddenFieldsOf(html), submissionId: submissionIdOf(html), firstName, lastName: 'Lovelace' };
  if (encoding === 'urlencoded')
    return v.fetch('/get-yours-otc/name', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
      redirect: 'manual',
    });
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  // fetch sets multipart/form-data with its boundary itself.
  return v.fetch('/get-yours-otc/name', { method: 'POST', body: form, redirect: 'manual' });
}

describe('one text rule for JSON, urlencoded and multipart writes', () => {
  for (const bad of ['Ada\u0000', 'Ada\u001b[2J', 'Ada\u009b']) {
    it(`refuses ${JSON.stringify(bad)} the same way on every encoding and stores nothing`, async () => {
      for (const encoding of ['json', 'urlencoded', 'multipart'] as const) {
        const v = visitor('bh');
        const res = await postName(v, encoding, bad);
        expect(res.status, encoding).toBe(400);
        if (encoding === 'json')
          expect(await res.json(), encoding).toMatchObject({ error: { code: 'invalid_characters' } });
        else expect(await res.text(), encoding).not.toContain('Ada\u0000');
        const page = decode(await (await v.get('/get-yours-otc/name')).text());
        expect(page, encoding).not.toContain('value="Ada');
        expect(page, encoding).not.toContain('value="Lovelace');
      }
    });
  }

  it('stores the same step posted clean as multipart (the rule is the text, not the encoding)', async () => {
    const v = visitor('bh');
    const res = await postName(v, 'multipart', 'Ada');
    expect(res.status).toBe(303);
    expect(decode(await (await v.get('/get-yours-otc/name')).text())).toContain('value="Ada"');
  });
});

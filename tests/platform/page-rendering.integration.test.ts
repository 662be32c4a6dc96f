import { afterEach, describe, expect, it } from 'vitest';
import { pageRendering, shellSharing } from '../../src/worker/pages';
import { visitor, type Visitor } from '../support/funnel';
import { maskFresh } from '../support/page-html';
import { pastPhoneDeadline } from '../support/poll';

/**
 * Pages are rendered with React's string renderer instead of its stream. What a
 * visitor receives must not change: for the same visitor state (nothing stored, stored answers,
 * a leased number, a finished funnel) and the same request, the string render is byte for byte
 * the stream's, with only the per-request nonce, submission id and partner request id masked.
 * Shell sharing is off, so both are fresh renders of this visitor's page.
 */
afterEach(() => {
  pageRendering.streamed = false;
  shellSharing.enabled = true;
});

async function bothRenders(v: Visitor, path: string): Promise<{ streamed: string; string: string }> {
  shellSharing.enabled = false;
  pageRendering.streamed = true;
  const a = await v.get(path);
  pageRendering.streamed = false;
  const b = await v.get(path);
  expect([a.status, b.status]).toEqual([200, 200]);
  return { streamed: await a.text(), string: await b.text() };
}

const store = (v: Visitor, page: string, step: string, values: Record<string, string>) =>
  v.api({ submissionId: crypto.randomUUID(), page, step, values });

describe('string rendering serves what the stream served', () => {
  const NOTHING_STORED = [
    ['bh', '/get-yours-otc'],
    ['bh', '/otc-allowance?utm_source=google&x=%22q%22&y=a%26b'],
    ['bh', '/privacy'],
    ['m10es', '/'],
    ['bh', '/clicks?utm_medium=aff'],
    ['ps', '/compare-auto/vehicles'],
    ['ps', '/quiz-auto-e7b'],
    ['ac', '/reviews/anything'],
  ] as const;
  for (const [brand, path] of NOTHING_STORED) {
    it(`nothing stored: ${brand} ${path}`, async () => {
      const { streamed, string } = await bothRenders(visitor(brand), path);
      expect(string.startsWith('<!DOCTYPE html><html')).toBe(true);
      expect(maskFresh(string)).toBe(maskFresh(streamed));
    });
  }

  it('with stored answers (zip, Medicare), on the landing page and a later step with the place', async () => {
    const v = visitor('bh');
    expect((await store(v, '/get-yours-otc', 'zip', { zipcode: '33101' })).status).toBe(200);
    expect((await store(v, '/get-yours-otc', 'medicare', { haveMedicare: '1' })).status).toBe(200);
    for (const path of ['/otc-allowance', '/get-yours-otc/medicare', '/get-yours-otc/coverage']) {
      const { streamed, string } = await bothRenders(v, path);
      expect(string, path).toContain('33101');
      expect(maskFresh(string), path).toBe(maskFresh(streamed));
    }
  });

  it('with answers that need escaping and a leased number', async () => {
    const v = visitor('bh');
    expect((await store(v, '/get-yours-otc', 'zip', { zipcode: '33101' })).status).toBe(200);
    expect((await v.get('/get-yours-otc')).status).toBe(200);
    // Asked again past the get-phone deadline on a loaded run, so the page has a lease to render.
    const lease = await pastPhoneDeadline(async () => {
      const res = await v.fetch('/api/mediaalpha/get-phone', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ page: 'get-yours-otc', localHour: 10 }),
      });
      expect(res.status).toBe(200);
      return res.json<{ source: string; phone: { leased: boolean } }>();
    });
    expect(lease.phone.leased).toBe(true);
    const { streamed, string } = await bothRenders(v, '/get-yours-otc/medicare?first_name=%3Cb%3E%22O%27Neil%22');
    expect(string).toContain('"leased":true');
    // The lease's remaining lifetime moves on between the two requests.
    const lifetime = (html: string) => maskFresh(html).replace(/"expiresInMs":\d+/, '"expiresInMs":LIFETIME');
    expect(lifetime(string)).toBe(lifetime(streamed));
  });
});

import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import loopWorker from '../../bench/worker/loop-entry';
import { LOOP_HEADER } from '../../bench/worker/loop-header';

/** One request to the bench's loop entry (what `npm run loop` builds instead of the Worker's own entry). */
async function call(headers: Record<string, string>) {
  const ctx = createExecutionContext();
  const response = await loopWorker.fetch(new Request('http://bh.localhost/otc-allowance', { headers }), env, ctx);
  const body = await response.text();
  await waitOnExecutionContext(ctx);
  return { response, body };
}

describe('the bench loop entry (npm run loop)', () => {
  it('answers any request without its header as the product does', async () => {
    const { response, body } = await call({});
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.getSetCookie().some((c) => c.startsWith('__Host-qf_aid='))).toBe(true);
    expect(body).toContain('data-island="quote-form"');
  });

  it("times that many of the product's own requests, each answered and read in full", async () => {
    const page = await call({});
    const { response, body } = await call({ [LOOP_HEADER]: '3' });
    expect(response.status).toBe(200);
    const answer = JSON.parse(body) as {
      times: number;
      usPerRequest: number;
      bytesPerRequest: number;
      statuses: number[];
    };
    expect(answer.times).toBe(3);
    expect(answer.statuses).toEqual([200]);
    // The page of a first visit, the size of the one the product serves (its nonce and ids differ, not its length by much).
    expect(Math.abs(answer.bytesPerRequest - new TextEncoder().encode(page.body).length)).toBeLessThan(200);
    expect(answer.usPerRequest).toBeGreaterThanOrEqual(0);
  });

  it('passes a malformed count to the product rather than looping', async () => {
    const { response, body } = await call({ [LOOP_HEADER]: 'many' });
    expect(response.status).toBe(200);
    expect(body).toContain('data-island="quote-form"');
  });
});

import { createExecutionContext, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { app } from '../../src/worker';

describe('quote token without its secret', () => {
  it('answers 503 not_configured in JSON instead of a 500', async () => {
    const res = await app.request(
      'http://bh.localhost/api/quote-token',
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: 'http://bh.localhost',
          'cf-connecting-ip': '203.0.113.9',
        },
        body: '{}',
      },
      { ...env, QUOTE_TOKEN_SECRET: '' },
      createExecutionContext(),
    );
    expect(res.status).toBe(503);
    // Refused before the handler by the configuration guard (src/worker/operations/configuration.ts).
    expect(await res.json()).toMatchObject({
      error: { code: 'not_configured', issues: [{ secret: 'QUOTE_TOKEN_SECRET', problem: 'missing' }] },
    });
  });
});

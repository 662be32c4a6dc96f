import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';

/** GET /api/location (spec section 7, call 5) through the Worker. */
function getLocation(query: string): Promise<Response> {
  return SELF.fetch(`http://bh.localhost/api/location${query}`, {
    headers: { cookie: `__Host-qf_aid=${crypto.randomUUID()}` },
  });
}

describe('location of a zip', () => {
  it('answers city, state and county for a known zip', async () => {
    const response = await getLocation('?zip_code=33101');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      location: { zip: '33101', city: 'Miami', stateCode: 'FL', county: 'Miami-Dade County' },
    });
  });

  it('answers 404 JSON for a zip not in the data set', async () => {
    const response = await getLocation('?zip_code=00000');
    expect(response.status).toBe(404);
    expect((await response.json<{ error: { code: string } }>()).error.code).toBe('unknown_zip');
  });

  it.each(['', '?zip_code=3310', '?zip_code=331011', '?zip_code=abcde'])('answers 400 JSON to %j', async (query) => {
    const response = await getLocation(query);
    expect(response.status).toBe(400);
    expect((await response.json<{ error: { code: string; issues: unknown } }>()).error).toMatchObject({
      code: 'invalid_request',
    });
  });
});

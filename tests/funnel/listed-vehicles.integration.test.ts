import { describe, expect, it } from 'vitest';
import { decode, submissionIdOf, visitor, type Visitor } from '../support/funnel';

/**
 * The vehicle questions accept only the data set's makes and models (public/data/vehicles):
 * an unlisted make or model, typed into the typeahead or posted by hand, is refused with a
 * message on its question, in the island's JSON and in a form posted without JavaScript, and
 * the answer stored before it is kept.
 */
interface Reply {
  blocked: boolean;
  missing: string[];
  unknown: string[];
  next: string | null;
}

async function submit(v: Visitor, page: string, step: string, values: Record<string, string>): Promise<Reply> {
  const res = await v.api({ submissionId: crypto.randomUUID(), page, step, values });
  expect(res.status).toBe(200);
  return res.json<Reply>();
}

const vehicle = (year: string, make: string, model: string) => ({
  vehicle1Year: year,
  vehicle1Make: make,
  vehicle1Model: model,
});

/** The value the server renders into the step's input or select for a name. */
async function shown(v: Visitor, path: string, name: string): Promise<string | null> {
  const html = decode(await (await v.get(path)).text());
  const input = new RegExp(
    `<input[^>]*name="${name}"[^>]*value="([^"]*)"|<input[^>]*value="([^"]*)"[^>]*name="${name}"`,
  ).exec(html);
  if (input) return input[1] ?? input[2] ?? null;
  const select = new RegExp(`<select[^>]*name="${name}"[\\s\\S]*?</select>`).exec(html)?.[0] ?? '';
  return /<option[^>]*value="([^"]*)"[^>]*selected/.exec(select)?.[1] ?? null;
}

describe('vehicle answers come from the listed makes and models', () => {
  it('a listed year, make and model moves on', async () => {
    const v = visitor('ps');
    const reply = await submit(v, '/save-auto', 'vehicles', vehicle('2020', 'Honda', 'Civic'));
    expect(reply).toMatchObject({ blocked: false, next: 'insurance' });
  });

  it('an unlisted make is refused by name, and the make stored before is kept', async () => {
    const v = visitor('ps');
    expect((await submit(v, '/save-auto', 'vehicles', vehicle('2020', 'Honda', 'Civic'))).blocked).toBe(false);
    const reply = await submit(v, '/save-auto', 'vehicles', vehicle('2020', 'Hondda', 'Civic'));
    expect(reply).toMatchObject({ blocked: true, next: null });
    expect(reply.missing).toContain('vehicle1Make');
    expect(reply.unknown).toEqual(['vehicle1Make']);
    expect(await shown(v, '/save-auto/vehicles', 'vehicle1Make')).toBe('Honda');
  });

  it('a model of another make, or of no make in that year, is refused', async () => {
    const v = visitor('ps');
    const reply = await submit(v, '/save-auto', 'vehicles', vehicle('2020', 'Toyota', 'Civic'));
    expect(reply.blocked).toBe(true);
    expect(reply.unknown).toEqual(['vehicle1Model']);
  });

  it('the optional vehicle step of the auto quiz refuses an unlisted make too, rather than dropping it unsaid', async () => {
    const v = visitor('ps');
    const reply = await submit(v, '/quiz/auto', 'vehicle', vehicle('2020', 'Not A Make', ''));
    expect(reply.blocked).toBe(true);
    expect(reply.unknown).toEqual(['vehicle1Make']);
  });

  it('without JavaScript: the post comes back to the step with the message on the make, the stored answer kept', async () => {
    const v = visitor('ps');
    expect((await submit(v, '/save-auto', 'vehicles', vehicle('2019', 'Toyota', 'Camry'))).blocked).toBe(false);
    const page = await (await v.get('/save-auto/vehicles')).text();
    const res = await v.post('/save-auto/vehicles', {
      submissionId: submissionIdOf(page),
      vehicles: '1',
      ...vehicle('2019', 'Toyotta', 'Camry'),
    });
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location') ?? '', 'http://x');
    expect(location.pathname).toBe('/save-auto/vehicles');
    expect(location.searchParams.get('unknown')).toBe('vehicle1Make');
    const html = decode(await (await v.get(`${location.pathname}${location.search}`)).text());
    expect(html).toContain('That make is not on our list. Choose one of the listed makes.');
    expect(await shown(v, '/save-auto/vehicles', 'vehicle1Make')).toBe('Toyota');
  });
});

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { submitStep, visitor, type Visitor } from '../support/funnel';
import { finishAuto } from '../support/auto-funnel';

/**
 * Every vehicle whole before the lead is complete (src/shared/forms/complete-slots.ts): a vehicle
 * without its model cannot be quoted. The vehicles step does not move on with a started vehicle
 * missing an answer, whichever way it is posted; and a lead whose stored answers still hold one
 * (answers kept from a refused post, then the rest of the form posted around it) is `partial`,
 * judged by the Worker on the final step, whatever the page sent.
 */
const V1 = { vehicle1Year: '2019', vehicle1Make: 'Toyota', vehicle1Model: 'Camry' };

async function leadStatus(v: Visitor) {
  const rows = await env.DB.prepare('SELECT status, partial_reasons FROM leads WHERE visitor_id = ?')
    .bind(v.id)
    .all<{ status: string; partial_reasons: string | null }>();
  return rows.results;
}

describe('whole vehicles', () => {
  it('the vehicles step with a second vehicle missing its model stays put and names the model, without JavaScript', async () => {
    const v = visitor('ps');
    await submitStep(v, '/save-auto/zip', { zipcode: '60601' });
    const back = await submitStep(v, '/save-auto/vehicles', {
      ...V1,
      vehicle2Year: '2020',
      vehicle2Make: 'Honda',
      vehicles: '2',
    });
    expect(back).toMatch(/^\/save-auto\/vehicles\?/);
    expect(new URLSearchParams(back.split('?')[1]).get('missing')).toBe('vehicle2Model');
  });

  it('the island\u2019s post of the same step is refused alike, with the missing model named', async () => {
    const v = visitor('ps');
    const reply = await v.api({
      submissionId: crypto.randomUUID(),
      page: '/save-auto',
      step: 'vehicles',
      values: { ...V1, vehicle2Year: '2020', vehicle2Make: 'Honda', vehicle2Model: '' },
    });
    expect(reply.status).toBe(200);
    expect(await reply.json()).toMatchObject({ next: null, blocked: true, missing: ['vehicle2Model'] });
  });

  it('a final step posted with a stored vehicle missing its model keeps the lead partial (slots)', async () => {
    const v = visitor('ps');
    // Refused, but its answers are kept (nothing a visitor typed is lost): vehicle 2 without a model.
    await submitStep(v, '/save-auto/vehicles', { ...V1, vehicle2Year: '2020', vehicle2Make: 'Honda', vehicles: '2' });
    // Then every step of the form in order, the vehicles step posted with vehicle 1 alone.
    await finishAuto(v);
    expect(await leadStatus(v)).toEqual([{ status: 'partial', partial_reasons: '["slots"]' }]);
  });

  it('the same walk with whole vehicles is complete', async () => {
    const v = visitor('ps');
    await submitStep(v, '/save-auto/vehicles', {
      ...V1,
      vehicle2Year: '2020',
      vehicle2Make: 'Honda',
      vehicle2Model: 'Civic',
      vehicles: '2',
    });
    await finishAuto(v);
    expect(await leadStatus(v)).toEqual([{ status: 'complete', partial_reasons: null }]);
  });
});

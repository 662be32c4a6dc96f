import { describe, expect, it } from 'vitest';
import { brandByCode } from '../../brands';
import { finishMedicare } from '../support/consent';
import { decode, visitor } from '../support/funnel';

/**
 * The finish a Medicare visitor gets without JavaScript sits in the same grid cell as the TPMO
 * note (FormSlot): the page carries the disclaimer, the agent notice and the line that replaces
 * it beside a finish whose request went to no company, and the stylesheet's rule picks the one
 * that agrees with the finish (tests/e2e/last-button.e2e.test.ts sees it on screen;
 * docs/decisions/0331).
 */
const sellers = brandByCode('bh')?.consent.medicare?.sellers ?? [];

/** The form's grid cell of the page: the finish and the TPMO note beside it. */
async function formSlotOf(v: ReturnType<typeof visitor>, path: string): Promise<string> {
  const html = decode(await (await v.get(path)).text());
  const start = html.indexOf('class="form-slot"');
  expect(start, 'the page has the form cell').toBeGreaterThan(0);
  return html.slice(start, html.indexOf('</div></div>', html.indexOf('tpmo__agent-kept', start)));
}

describe('the TPMO note beside the Medicare finish, without JavaScript', () => {
  it('no company ticked: the finish says no one will call, beside the disclaimer and the kept line the stylesheet shows', async () => {
    const v = visitor('bh');
    await finishMedicare(v, []);
    const slot = await formSlotOf(v, '/get-yours-otc/contact');
    expect(slot).toContain('data-shared="no"');
    expect(slot).toContain('no one will call you about this request');
    expect(slot).toMatch(/class="tpmo__text">We do not offer every plan available in your area/);
    expect(slot).toContain(
      'class="tpmo__agent-kept">Your information from this request was not given to a licensed insurance agent',
    );
  });

  it('a company ticked: the finish promises a call, and the note keeps its agent notice for the stylesheet to show', async () => {
    const v = visitor('bh');
    await finishMedicare(v, [sellers[0]?.id ?? '']);
    const slot = await formSlotOf(v, '/get-yours-otc/contact');
    expect(slot).toContain('data-shared="yes"');
    expect(slot).toContain('An agent may call you at the number you gave');
    expect(slot).toContain('class="tpmo__agent">When you submit your information');
  });
});

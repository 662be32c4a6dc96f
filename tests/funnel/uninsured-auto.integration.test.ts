import { describe, expect, it } from 'vitest';
import { autoContactOf } from '../support/auto-funnel';
import { autoStepPosts } from '../support/auto-lead';
import { decode, leadsOf, submitStep, visitor, type Visitor } from '../support/funnel';
import { asIfTaken } from '../support/pace';
import { sandboxScope } from '../support/sandbox';
import { passedTurnstile } from '../support/turnstile';

/**
 * A visitor not insured today has no insurer to name: the auto form's insurer step is passed
 * over, forward and back, by the Worker's own step flow (a form posted without JavaScript here),
 * and an insurer named before the visitor changed the answer to "no" reaches neither the lead
 * row nor QuoteWizard.
 */
const WAIT = { timeout: 15_000, interval: 100 };
const posts = autoStepPosts('/save-auto');
const postOf = (step: string) => {
  const post = posts.find((p) => p.path === `/save-auto/${step}`);
  if (!post) throw new Error(`no auto step ${step}`);
  return post;
};

/** The rest of the auto form from `from` on, as posted without JavaScript, the contact step last. */
async function finishFrom(v: Visitor, from: string): Promise<void> {
  const start = posts.findIndex((p) => p.path === `/save-auto/${from}`);
  for (const [index, { path, form }] of posts.entries()) {
    if (index < start) continue;
    const last = index === posts.length - 1;
    if (last) await asIfTaken(v);
    const { driver1Phone, driver1Email } = autoContactOf(v);
    const own = { driver1Phone, driver1Email, 'cf-turnstile-response': passedTurnstile(v.origin, 'auto') };
    await submitStep(v, path, last ? { ...form, ...own } : form);
  }
}

describe('the auto form for a visitor not insured today', () => {
  it('goes from "not insured" to the home question, and Back there leads to the insurance question', async () => {
    const v = visitor('ps');
    await submitStep(v, postOf('zip').path, postOf('zip').form);
    await submitStep(v, postOf('vehicles').path, postOf('vehicles').form);
    // Insured: the insurer is asked.
    expect(await submitStep(v, '/save-auto/insurance', { currentlyInsured: '1' })).toMatch(
      /\/save-auto\/insurer(\?|$)/,
    );
    // Not insured: it is not.
    const next = await submitStep(v, '/save-auto/insurance', { currentlyInsured: '0' });
    expect(next).toMatch(/\/save-auto\/home(\?|$)/);
    const home = decode(await (await v.get(next)).text());
    expect(home).toMatch(/class="step-back" href="\/save-auto\/insurance[?"]/);
    expect(home).not.toContain('href="/save-auto/insurer');
    // The counter counts the steps asked: home is the fourth of eight, with no gap where the insurer was.
    expect(home).toContain('Step 4 of 8');
  });

  it('an insurer named before the answer changed to "not insured" reaches neither the lead nor QuoteWizard', async () => {
    const sb = sandboxScope();
    const v = visitor('ps', { ip: sb.ip });
    for (const step of ['zip', 'vehicles', 'insurance', 'insurer'])
      await submitStep(v, postOf(step).path, postOf(step).form);
    // Back to the insurance question (the stored insurer stays in the visitor's answers), now "no".
    await submitStep(v, '/save-auto/insurance', { currentlyInsured: '0' });
    await finishFrom(v, 'home');

    const [lead] = await leadsOf(v.id);
    const values = JSON.parse(lead?.values ?? '{}') as Record<string, unknown>;
    expect(values.currentlyInsured).toBe(false);
    expect(values.currentCompany ?? null).toBeNull();
    expect(lead?.values).not.toContain('State Farm');
    // Its pace is judged over the 7 moves between the 8 steps it was asked, not 8 of a 9-step form.
    expect(JSON.parse(lead?.trust_signals ?? '{}')).toMatchObject({ stepTransitions: 7 });
    await expect
      .poll(async () => (await sb.calls('quotewizard', '/v1/leads/auto')).length, { ...WAIT, timeout: 30_000 })
      .toBeGreaterThan(0);
    const [call] = await sb.calls('quotewizard', '/v1/leads/auto');
    expect((call?.body as { coverage?: unknown }).coverage).toEqual({ has_coverage: 'no' });
    expect(JSON.stringify(call?.body)).not.toMatch(/state farm/i);
  });
});

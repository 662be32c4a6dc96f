import { expect } from 'vitest';
import { autoStepPosts } from './auto-lead';
import { leadsOf, submitStep, type Visitor } from './funnel';
import { asIfTaken } from './pace';

/**
 * Every step of the auto form under `base` posted as a browser without JavaScript would (the
 * answers of auto-lead.ts), `lastStepExtra` added to the contact step; returns the final redirect.
 * The last step is posted at a person's pace, so the lead is judged on its merits (src/worker/defence).
 */
export async function finishAuto(
  v: Visitor,
  base = '/save-auto',
  lastStepExtra: Record<string, string> = {},
): Promise<string> {
  const posts = autoStepPosts(base);
  let location = '';
  for (const [index, { path, form }] of posts.entries()) {
    const last = index === posts.length - 1;
    if (last) await asIfTaken(v);
    location = await submitStep(v, path, last ? { ...form, ...lastStepExtra } : form);
  }
  expect(await leadsOf(v.id)).toHaveLength(1);
  return location;
}

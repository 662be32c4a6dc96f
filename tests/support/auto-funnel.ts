import { expect } from 'vitest';
import { autoStepPosts } from './auto-lead';
import { leadsOf, submitStep, type Visitor } from './funnel';
import { asIfTaken } from './pace';
import { passedTurnstile } from './turnstile';

/**
 * Every step of the auto form under `base` posted as a browser without JavaScript would (the
 * answers of auto-lead.ts), `lastStepExtra` added to the contact step; returns the final redirect.
 * The last step is posted at a person's pace with a passing Turnstile token (a browser with
 * JavaScript puts it in `cf-turnstile-response`), so the lead is judged on its merits
 * (src/worker/defence); pass `'cf-turnstile-response': ''` in `lastStepExtra` for a post without it.
 */
/**
 * The driver's phone and email of a test visitor: their own, so one person's lead per product
 * (src/worker/funnel/same-person.ts) never makes another test's lead a duplicate.
 */
export function autoContactOf(v: Pick<Visitor, 'key'>): { driver1Phone: string; driver1Email: string; digits: string } {
  const n = parseInt(v.key.replace(/-/g, '').slice(0, 8), 16) % 10_000_000;
  const digits = `312${String(2_000_000 + (n % 8_000_000)).padStart(7, '0')}`;
  return {
    driver1Phone: `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`,
    driver1Email: `grace.${v.key.slice(0, 8)}@example.com`,
    digits,
  };
}

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
    const { driver1Phone, driver1Email } = autoContactOf(v);
    const own = { driver1Phone, driver1Email, 'cf-turnstile-response': passedTurnstile(v.origin, 'auto') };
    location = await submitStep(v, path, last ? { ...form, ...own, ...lastStepExtra } : form);
  }
  expect(await leadsOf(v.id)).toHaveLength(1);
  return location;
}

/**
 * What the island does in the browser, done by the Worker for a form posted without
 * JavaScript: the step's formStepSubmitted (src/worker/tracking/no-js-events.ts)
 * and the phone lease the next page shows after the 303 (on the last step, and on the step that
 * completes a call's answers: src/shared/forms/call-ready.ts).
 */
import type { Context } from 'hono';
import type { Product } from '../../../brands';
import { leaseVisitorPhone, leaseWithin } from '../api/visitor-phone';
import type { AppEnv } from '../env';

export { trackFormPost } from '../tracking/no-js-events';

/** As the page's get-phone: the visitor waits at most this long, the lease is stored either way. */
export const FINISH_LEASE_DEADLINE_MS = 1000;

/** Leases the number for the form's product before the redirect, so the next page shows it. */
export async function leaseBeforeRedirect(
  c: Context<AppEnv>,
  input: { product: Product; page: string },
): Promise<void> {
  await leaseWithin(
    c,
    leaseVisitorPhone(c, { product: input.product, page: input.page, zip: null }),
    FINISH_LEASE_DEADLINE_MS,
  );
}

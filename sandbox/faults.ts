import type { Context } from 'hono';
import type { Behaviour } from './behaviour';

/** Waits for the 'slow' behaviour; answers 503 for 'error'. Returns a response when the fault ends the call. */
export async function applyFault(
  c: Context,
  setting: { behaviour: Behaviour; slowMs: number },
): Promise<Response | null> {
  const { behaviour } = setting;
  if (behaviour === 'slow') await new Promise((resolve) => setTimeout(resolve, setting.slowMs));
  if (behaviour === 'error') return c.json({ status: 'ERROR', errors: ['sandbox: service unavailable'] }, 503);
  return null;
}

/** A reply cut off mid-way: not JSON at all. */
export function truncatedJson(c: Context): Response {
  return c.body('{"status":"SUCCESS","resp', 200, { 'content-type': 'application/json' });
}

/** A small stable hash, so the same input always gets the same plausible answer. */
export function stableHash(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619) >>> 0;
  return hash;
}

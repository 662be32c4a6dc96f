import { createError, defineEventHandler, readBody } from 'h3';
import { answersKey, lookupZip, peerEnv, peerSession, storedAnswers, type StoredAnswers } from '../utils/visitor';

/**
 * Stores a visitor's form answers (what the product's form submit keeps in its Durable Object). A
 * posted zip is looked up in the zip data as the product's zip step does: its place is stored with
 * the answers, so a page reads both in one call; a zip the data does not hold is not kept.
 */
export default defineEventHandler(async (event) => {
  const body = (await readBody(event)) as { values?: unknown } | undefined;
  const values = body?.values;
  if (!values || typeof values !== 'object' || Array.isArray(values))
    throw createError({ statusCode: 400, statusMessage: 'values must be an object' });
  const session = await peerSession(event);
  if (!session.data.visitorId) throw createError({ statusCode: 403, statusMessage: 'no visitor session' });
  const env = peerEnv(event);
  const key = answersKey(session.data.visitorId);
  const stored = storedAnswers(await env.ANSWERS.get(key, 'json'));
  const posted = { ...(values as Record<string, unknown>) };
  let location = stored.location;
  if ('zipcode' in posted) {
    const found = typeof posted.zipcode === 'string' ? await lookupZip(env, posted.zipcode) : null;
    if (found) location = found;
    else delete posted.zipcode;
  }
  const next: StoredAnswers = { values: { ...stored.values, ...posted }, location };
  await env.ANSWERS.put(key, JSON.stringify(next));
  if (!session.data.answers) await session.update({ answers: true });
  return { ok: true };
});

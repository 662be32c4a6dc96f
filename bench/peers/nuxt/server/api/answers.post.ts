import { createError, defineEventHandler, readBody } from 'h3';
import { answersKey, peerEnv, peerSession } from '../utils/visitor';

/** Stores a visitor's form answers (what the product's form submit keeps in its Durable Object). */
export default defineEventHandler(async (event) => {
  const body = (await readBody(event)) as { values?: unknown } | undefined;
  const values = body?.values;
  if (!values || typeof values !== 'object' || Array.isArray(values))
    throw createError({ statusCode: 400, statusMessage: 'values must be an object' });
  const session = await peerSession(event);
  if (!session.data.visitorId) throw createError({ statusCode: 403, statusMessage: 'no visitor session' });
  const key = answersKey(session.data.visitorId);
  const stored = ((await peerEnv(event).ANSWERS.get(key, 'json')) ?? {}) as Record<string, unknown>;
  await peerEnv(event).ANSWERS.put(key, JSON.stringify({ ...stored, ...values }));
  if (!session.data.answers) await session.update({ answers: true });
  return { ok: true };
});

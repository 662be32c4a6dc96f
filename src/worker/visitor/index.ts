/**
 * Visitor state: one SQLite-backed Durable Object per anonymous visitor id, reached by
 * native RPC. Everything the funnel, the phone lease and tracking remember about a
 * visitor lives there (design.md, "Storage").
 */
export { VisitorDO } from './visitor-do';

/** The visitor's Durable Object stub (typed RPC). */
export function visitorStub(env: Env, visitorId: string) {
  return env.VISITOR.get(env.VISITOR.idFromName(visitorId));
}

/**
 * The public, append-only log of lead certificates (RFC 6962/9162 hashing and proofs): a Durable
 * Object holds the tree and signs heads; routes publish heads, inclusion and consistency proofs;
 * buyers' claims keep a certificate past its window. docs/buyers/verify-a-lead.md is the buyer's side.
 */
export { LeadLogDO } from './lead-log-do';
export { leadLogApp } from './routes';
export { leadLog, pokeLeadLog } from './log-stub';

/**
 * Which leads a buyer may receive, by trust verdict: a lead judged `clean`, or `suspect` only
 * when every one of its reasons is allowed by name in DELIVER_SUSPECT_REASONS (comma-separated;
 * empty by default). A `bot` lead is never delivered, and no proof of a person at all
 * (`turnstile-unverified`) can never be allowed. One rule for the lead's delivery and for the
 * personal fields of MediaAlpha's get-phone, so the two never disagree about the same visitor.
 */
import { NEVER_ALLOWED_REASONS, TRUST_REASONS, type TrustReason, type Verdict } from './thresholds';

/** The suspect reasons the operator allowed (unknown names and never-allowed reasons are ignored). */
export function allowedSuspectReasons(env: Pick<Env, 'DELIVER_SUSPECT_REASONS'>): Set<TrustReason> {
  const names = (env.DELIVER_SUSPECT_REASONS ?? '').split(',').map((n) => n.trim());
  return new Set(
    names.filter(
      (n): n is TrustReason => Object.hasOwn(TRUST_REASONS, n) && !NEVER_ALLOWED_REASONS.includes(n as TrustReason),
    ),
  );
}

export function verdictDeliverable(
  env: Pick<Env, 'DELIVER_SUSPECT_REASONS'>,
  verdict: Verdict | null,
  reasons: readonly TrustReason[],
): boolean {
  if (verdict === 'clean') return true;
  if (verdict !== 'suspect') return false;
  const allowed = allowedSuspectReasons(env);
  return reasons.every((r) => allowed.has(r));
}

/** The verdicts whose visitors get the default number without a partner call: `bot`. */
export function withheldVerdicts(): Verdict[] {
  return ['bot'];
}

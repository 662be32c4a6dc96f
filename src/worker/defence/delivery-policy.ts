/**
 * Which leads partners may buy, by trust verdict (issue 12): a `bot` lead is stored but goes to
 * no partner unless DELIVER_BOT_LEADS is "true"; a `suspect` lead goes on, flagged, unless
 * DELIVER_SUSPECT_LEADS is "false". One rule for the phone lease (MediaAlpha) and the lead
 * delivery (QuoteWizard), so the two never disagree about the same visitor.
 */
import type { Verdict } from './thresholds';

export function verdictDeliverable(
  env: Pick<Env, 'DELIVER_BOT_LEADS' | 'DELIVER_SUSPECT_LEADS'>,
  verdict: Verdict | null,
): boolean {
  if (verdict === 'bot') return env.DELIVER_BOT_LEADS === 'true';
  if (verdict === 'suspect') return env.DELIVER_SUSPECT_LEADS !== 'false';
  return true;
}

/** The verdicts whose visitors get the default number without a partner call. */
export function withheldVerdicts(env: Pick<Env, 'DELIVER_BOT_LEADS' | 'DELIVER_SUSPECT_LEADS'>): Verdict[] {
  return (['bot', 'suspect'] as const).filter((verdict) => !verdictDeliverable(env, verdict));
}

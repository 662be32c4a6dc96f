/**
 * The dates a postback may carry. A conversion happens after the visit it pays for began and
 * not in the future; a date outside that is a partner's template or clock mistake (a 1970 from an
 * empty field, a 2099 placeholder) and would put money on the wrong day of the report, so it is
 * refused rather than stored. The window: from the visit's first recorded moment (a ref names
 * the visit; a call's visit is the one whose lease covered the call, which attribution checks
 * itself) to now, each with the clock tolerance of the signature. A payout that names no known
 * visit can be no older than the visits kept (VISIT_VALUE_RETENTION_DAYS): an older one could
 * never be attributed and would only land on a day the report has already closed.
 */
import { VISIT_VALUE_RETENTION_DAYS } from './retention';
import { SIGNATURE_TOLERANCE_SECONDS } from './postback-signature';
import type { Postback } from './postback-schema';

const DAY_MS = 86_400_000;

export interface DateProblem {
  field: 'at' | 'adjusted_at';
  value: string;
  earliest: string;
  latest: string;
}

export async function postbackDateProblems(db: D1Database, postback: Postback, now: Date): Promise<DateProblem[]> {
  const tolerance = SIGNATURE_TOLERANCE_SECONDS * 1000;
  const visit = postback.ref
    ? await db
        .prepare('SELECT created_at FROM visit_values WHERE ref = ?')
        .bind(postback.ref)
        .first<{ created_at: string }>()
    : null;
  const earliest = visit
    ? new Date(Date.parse(visit.created_at) - tolerance)
    : // The first day retention keeps (it prunes whole days before it).
      new Date(
        `${new Date(now.getTime() - VISIT_VALUE_RETENTION_DAYS * DAY_MS).toISOString().slice(0, 10)}T00:00:00.000Z`,
      );
  const latest = new Date(now.getTime() + tolerance);
  const problems: DateProblem[] = [];
  for (const field of ['at', 'adjusted_at'] as const) {
    const value = postback[field];
    if (value === undefined) continue;
    const time = Date.parse(value);
    if (time < earliest.getTime() || time > latest.getTime())
      problems.push({ field, value, earliest: earliest.toISOString(), latest: latest.toISOString() });
  }
  return problems;
}

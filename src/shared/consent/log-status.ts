/**
 * Where a certificate stands in the public log, as its JSON and its readable page both say it:
 * included (with the proof a buyer checks offline), pending inclusion (queued, or appended as a
 * leaf but not yet under a signed tree head), or unknown. Shared so the Worker's answer and the
 * page that shows it cannot drift apart.
 */
export interface LogInclusion {
  status: 'included';
  leaf_index: number;
  tree_size: number;
  leaf_hash: string;
  audit_path: string[];
  sth: string;
}

export type LogStatus = LogInclusion | { status: 'pending'; leaf_index?: number } | { status: 'unknown' };

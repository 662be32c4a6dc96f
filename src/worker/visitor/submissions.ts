/**
 * The visitor's step submissions (table submissions, created on first use): idempotency on the
 * client-minted submission id, and the history the lead rules, the speed signal and the lead
 * certificate read.
 */
export class StepSubmissions {
  private ready = false;

  constructor(private readonly sql: SqlStorage) {}

  private ensure(): void {
    if (this.ready) return;
    this.sql.exec(
      'CREATE TABLE IF NOT EXISTS submissions (id TEXT PRIMARY KEY, form TEXT NOT NULL, step TEXT NOT NULL, at INTEGER NOT NULL)',
    );
    this.ready = true;
  }

  seen(id: string): boolean {
    this.ensure();
    return this.sql.exec('SELECT 1 FROM submissions WHERE id = ?', id).toArray().length > 0;
  }

  insert(input: { submissionId: string; form: string; step: string }): void {
    this.ensure();
    this.sql.exec(
      'INSERT INTO submissions (id, form, step, at) VALUES (?, ?, ?, ?)',
      input.submissionId,
      input.form,
      input.step,
      Date.now(),
    );
  }

  /** When the visitor first submitted a step of this form (ms), or null. */
  startedAt(form: string): number | null {
    this.ensure();
    const row = this.sql
      .exec<{ at: number | null }>('SELECT MIN(at) AS at FROM submissions WHERE form = ?', form)
      .toArray()[0];
    return row?.at ?? null;
  }

  /** The steps of `form`, in the order they were accepted. */
  history(form: string): string[] {
    this.ensure();
    return this.sql
      .exec<{ step: string }>('SELECT step FROM submissions WHERE form = ? ORDER BY at, rowid', form)
      .toArray()
      .map((row) => row.step);
  }

  /** Each step of `form` with its last submit time. */
  times(form: string): { step: string; at: string }[] {
    this.ensure();
    const rows = this.sql
      .exec<{ step: string; at: number }>(
        'SELECT step, MAX(at) AS at FROM submissions WHERE form = ? GROUP BY step ORDER BY at',
        form,
      )
      .toArray();
    return rows.map((r) => ({ step: r.step, at: new Date(r.at).toISOString() }));
  }

  /** Every submission, for the privacy export. */
  all(): { form: string; step: string; at: string }[] {
    this.ensure();
    return this.sql
      .exec<{ form: string; step: string; at: number }>('SELECT form, step, at FROM submissions ORDER BY at')
      .toArray()
      .map((r) => ({ form: r.form, step: r.step, at: new Date(r.at).toISOString() }));
  }

  /** The table went with deleteAll(): it is created again on next use. */
  forget(): void {
    this.ready = false;
  }
}

/**
 * The exit-intent dialog speaks to where the visitor is. Read when it opens
 * from the page's form island (its step progress bar, or its confirmation), so a step
 * changed in the page counts: step 1 is a start, "almost ready" only on the last two steps
 * (of three or more), and a finished visitor is not asked to finish.
 */
export type ExitProgress =
  { kind: 'start' } | { kind: 'middle'; step: number; total: number } | { kind: 'almost' } | { kind: 'done' };

export function exitProgress(step: number, total: number): ExitProgress {
  if (step <= 1 || total <= 1) return { kind: 'start' };
  if (step >= total - 1) return { kind: 'almost' };
  return { kind: 'middle', step, total };
}

/** The visitor's progress in the page's form now; null for a page without a form. */
export function progressOf(doc: Document): ExitProgress | null {
  if (doc.querySelector('#quote [data-confirmation]')) return { kind: 'done' };
  const bar = doc.querySelector<HTMLProgressElement>('#quote progress');
  if (!bar) return null;
  return exitProgress(Math.round(bar.value), Math.round(bar.max));
}

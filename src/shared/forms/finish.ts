/**
 * A visitor who finished a form sees its confirmation on every page of the
 * same product, until they choose to edit their answers or start a new quote. That choice
 * travels in the address (`?edit=1`), so it works without JavaScript and survives the steps
 * (forms carry their query from step to step); the redirect after the final step drops it.
 */
export const EDIT_ANSWERS_PARAM = 'edit';

/** `search` ('?…' or '') with the edit marker set or removed. */
export function withEditAnswers(search: string, editing: boolean): string {
  const params = new URLSearchParams(search);
  if (editing) params.set(EDIT_ANSWERS_PARAM, '1');
  else params.delete(EDIT_ANSWERS_PARAM);
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

export function isEditingAnswers(params: URLSearchParams): boolean {
  return params.has(EDIT_ANSWERS_PARAM);
}

/**
 * Why a finished lead was kept, when the visitor can do something about it; the finish says so
 * (src/ui/islands/quote-form/confirmation.tsx). `opted-out`: their own Global Privacy Control or
 * do-not-sell request; `unverified`: the page could not check it was a person (no JavaScript), so
 * calling is how to finish. Any other reason (a duplicate, an incomplete lead) keeps the plain copy.
 */
export const WITHHELD_BECAUSE = ['opted-out', 'unverified'] as const;
export type WithheldBecause = (typeof WITHHELD_BECAUSE)[number];

export function isWithheldBecause(value: unknown): value is WithheldBecause {
  return WITHHELD_BECAUSE.includes(value as WithheldBecause);
}

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

/**
 * Is every question on the step on screen answered? Read from the form's own controls after
 * React has rendered the answer: a choice group has a choice, and every text box and list of a
 * question has a value. The company boxes of the consent are not questions (no `.field`).
 */
export function stepAnswered(form: HTMLFormElement): boolean {
  const fields = [...form.querySelectorAll('.step-content .field')];
  return fields.length > 0 && fields.every(answered);
}

function answered(field: Element): boolean {
  const radios = [...field.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
  if (radios.length > 0) return radios.some((r) => r.checked);
  const controls = [...field.querySelectorAll('input:not([type="hidden"]):not([type="checkbox"]), select')];
  return controls.every((c) => (c as HTMLInputElement).value !== '');
}

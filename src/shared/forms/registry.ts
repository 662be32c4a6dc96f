import type { FormId } from '../../routes/schema';
import { autoForm } from './auto';
import { finalExpenseForm, lifeForm } from './life';
import { medicareForm } from './medicare';
import { autoQuiz, groceryQuiz, medicareQuizEs, medicareQuizForm, otcQuiz } from './quizzes';
import type { FormDef } from './types';

/**
 * Every form by id (FORM_IDS of src/routes/schema.ts), for the Worker. The browser never imports
 * this file: the form island loads the page's own definition (src/ui/islands/quote-form/forms.ts).
 */
export const FORMS: Readonly<Record<FormId, FormDef>> = {
  medicare: medicareForm,
  auto: autoForm,
  life: lifeForm,
  'final-expense': finalExpenseForm,
  'quiz-otc': otcQuiz,
  'quiz-auto': autoQuiz,
  'quiz-grocery': groceryQuiz,
  'quiz-medicare': medicareQuizForm,
  'quiz-medicare-es': medicareQuizEs,
};

export function formDefinition(id: FormId): FormDef {
  return FORMS[id];
}

/** The form's step names in order; a page without a form has none. */
export function stepNamesFor(form: FormId | null): readonly string[] {
  return form ? FORMS[form].steps.map((s) => s.name) : [];
}

/** The ids of every form selling the same product as `form` (itself included); none for an unknown id. */
export function formsOfSameProduct(form: string): string[] {
  const own = Object.entries(FORMS).find(([id]) => id === form)?.[1];
  if (!own) return [];
  return Object.entries(FORMS)
    .filter(([, def]) => def.product === own.product)
    .map(([id]) => id);
}

import type { FormId } from '../../routes/schema';
import { autoForm } from './auto';
import { lifeForm } from './life';
import { medicareForm } from './medicare';
import { autoQuiz, groceryQuiz, medicareQuizEs, medicareQuizForm, otcQuiz } from './quizzes';
import type { FormDef } from './types';

/** Every form by id (FORM_IDS of src/routes/schema.ts). */
export const FORMS: Readonly<Record<FormId, FormDef>> = {
  medicare: medicareForm,
  auto: autoForm,
  life: lifeForm,
  'quiz-otc': otcQuiz,
  'quiz-auto': autoQuiz,
  'quiz-grocery': groceryQuiz,
  'quiz-medicare': medicareQuizForm,
  'quiz-medicare-es': medicareQuizEs,
};

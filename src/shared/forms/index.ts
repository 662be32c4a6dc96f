/**
 * Forms are data: ordered steps per form id. The page handler resolves the URL's step
 * against these names; the form engine (src/ui/islands/quote-form) renders them.
 */
import type { FormId } from '../../routes/schema';

const STEP_NAMES: Record<FormId, readonly string[]> = {
  medicare: ['zip', 'coverage', 'medicaid', 'name', 'contact'],
  auto: ['zip', 'insurance', 'vehicles', 'drivers', 'contact'],
  life: ['zip', 'about', 'coverage', 'contact'],
  'quiz-otc': ['zip', 'medicare', 'medicaid', 'contact'],
  'quiz-auto': ['zip', 'insured', 'homeowner', 'contact'],
  'quiz-grocery': ['zip', 'medicare', 'medicaid', 'contact'],
  'quiz-medicare': ['zip', 'medicare', 'medicaid', 'contact'],
  'quiz-medicare-es': ['zip', 'medicare', 'medicaid', 'contact'],
};

export function stepNamesFor(form: FormId | null): readonly string[] {
  return form ? STEP_NAMES[form] : [];
}

/**
 * Budgets: the form island's code that only some pages or later steps need, loaded
 * when the visitor gets there instead of with every form page. The page's own form definition
 * (the Worker keeps every form: src/shared/forms/registry.ts) and what the server rendered are
 * loaded before hydrating (`prepare`), so hydration never suspends or mismatches; the
 * confirmation, the consent block, the date and vehicle questions and Turnstile's loader one
 * step ahead of the visitor, so
 * nobody waits. On the server every part is there from the start (src/ui/templates/form-slot.tsx).
 */
import { createContext } from 'react';
// Every form definition is built from the common fields: they come with the island (one file fewer
// on every form page) instead of a chunk of their own that the page's definition would import.
import '../../../shared/forms/common-fields';
import type { FormId } from '../../../routes/schema';
import type { FormDef } from '../../../shared/forms/types';
import { partsFor, type FormPart } from '../../../shared/forms/step-parts';

export { partsFor };

const FORM_CODE: Record<FormId, () => Promise<FormDef>> = {
  medicare: () => import('../../../shared/forms/medicare').then((m) => m.medicareForm),
  auto: () => import('../../../shared/forms/auto').then((m) => m.autoForm),
  life: () => import('../../../shared/forms/life').then((m) => m.lifeForm),
  'final-expense': () => import('../../../shared/forms/life').then((m) => m.finalExpenseForm),
  'quiz-otc': () => import('../../../shared/forms/quizzes').then((m) => m.otcQuiz),
  'quiz-auto': () => import('../../../shared/forms/quizzes').then((m) => m.autoQuiz),
  'quiz-grocery': () => import('../../../shared/forms/quizzes').then((m) => m.groceryQuiz),
  'quiz-medicare': () => import('../../../shared/forms/quizzes').then((m) => m.medicareQuizForm),
  'quiz-medicare-es': () => import('../../../shared/forms/quizzes').then((m) => m.medicareQuizEs),
};

const PART_CODE = {
  confirmation: () => import('./confirmation'),
  consent: () => import('./consent-block'),
  date: () => import('./date-field'),
  vehicle: () => import('./vehicle-field'),
  callback: () => import('./callback-screen'),
} satisfies Record<FormPart, () => Promise<unknown>>;
export type PartName = FormPart;
export type Parts = { [K in PartName]?: Awaited<ReturnType<(typeof PART_CODE)[K]>> };

/** The page's form and the parts at hand: the server has them all, the browser what it loaded. */
export interface FormCode {
  form: FormDef;
  parts: Parts;
}

/** Given by the server's form slot and by the browser's loader (QuoteFormIsland), read by the island. */
export const FormCodeContext = createContext<FormCode | null>(null);

/** The parts `names`, loaded (each chunk fetched once; the browser keeps the module). */
export async function loadParts(names: readonly PartName[]): Promise<Parts> {
  const loaded = await Promise.all(names.map(async (name) => [name, await PART_CODE[name]()] as const));
  return Object.fromEntries(loaded);
}

/**
 * Before hydrating: the page's form definition and the parts the server rendered (the call-back
 * screen when the Worker held a plain post of the last step for it: a page whose script had not
 * run yet when the visitor sent it).
 */
export async function loadFormCode(
  formId: FormId,
  step: string,
  completed: boolean,
  callbackScreen: boolean,
): Promise<FormCode> {
  const form = await FORM_CODE[formId]();
  const names = partsFor(form, step, completed);
  return { form, parts: await loadParts(callbackScreen && !completed ? [...names, 'callback'] : names) };
}

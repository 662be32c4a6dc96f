import { describe, expect, it } from 'vitest';
import { autoForm } from './auto';
import { lifeForm } from './life';
import { medicareForm } from './medicare';
import { isOneTapStep } from './one-tap';
import { autoQuiz, medicareQuizForm } from './quizzes';

const oneTap = (steps: readonly Parameters<typeof isOneTapStep>[0][]) => steps.filter(isOneTapStep).map((s) => s.name);

describe('one-tap steps', () => {
  it('are the steps that ask one single-choice question, and no other', () => {
    expect(oneTap(medicareForm.steps)).toEqual(['medicare', 'medicaid']);
    expect(oneTap(medicareQuizForm.steps)).toEqual(['medicare', 'medicaid']);
    expect(oneTap(autoQuiz.steps)).toEqual(['insured', 'homeowner']);
    expect(oneTap(lifeForm.steps)).toEqual(['coverage']);
    // Two yes/no questions on one step (home), slots (vehicles, drivers), text and consent keep Continue.
    expect(oneTap(autoForm.steps)).toEqual([]);
  });
});

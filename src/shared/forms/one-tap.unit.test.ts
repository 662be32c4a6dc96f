import { describe, expect, it } from 'vitest';
import { autoForm } from './auto';
import { lifeForm } from './life';
import { medicareForm } from './medicare';
import { isOneTapStep, isTileStep } from './one-tap';
import { autoQuiz, medicareQuizForm } from './quizzes';

const oneTap = (steps: readonly Parameters<typeof isOneTapStep>[0][]) => steps.filter(isOneTapStep).map((s) => s.name);

describe('one-tap steps', () => {
  it('are the steps that ask one single-choice question, and no other', () => {
    expect(oneTap(medicareForm.steps)).toEqual(['medicare', 'medicaid']);
    expect(oneTap(medicareQuizForm.steps)).toEqual(['medicare', 'medicaid']);
    expect(oneTap(autoQuiz.steps)).toEqual(['insured', 'homeowner']);
    expect(oneTap(lifeForm.steps)).toEqual(['coverage']);
    // One question a screen: the auto form's yes/no questions each a step; slots (vehicles,
    // drivers), text and consent keep Continue.
    expect(oneTap(autoForm.steps)).toEqual(['insurance', 'home', 'home-quote']);
  });

  it('a list question alone on its step with tiles for its common answers is a tile step (the insurer), and nothing else', () => {
    expect(autoForm.steps.filter(isTileStep).map((s) => s.name)).toEqual(['insurer']);
    for (const form of [medicareForm, medicareQuizForm, autoQuiz, lifeForm])
      expect(form.steps.filter(isTileStep)).toEqual([]);
  });
});

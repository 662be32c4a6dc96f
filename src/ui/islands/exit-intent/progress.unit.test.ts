import { describe, expect, it } from 'vitest';
import { exitProgress } from './progress';

describe('exit-intent progress', () => {
  it('is a start on step 1, never "almost" there', () => {
    expect(exitProgress(1, 5)).toEqual({ kind: 'start' });
    expect(exitProgress(1, 2)).toEqual({ kind: 'start' });
  });
  it('is "almost" only on the last two steps', () => {
    expect(exitProgress(2, 5)).toEqual({ kind: 'middle', step: 2, total: 5 });
    expect(exitProgress(3, 5)).toEqual({ kind: 'middle', step: 3, total: 5 });
    expect(exitProgress(4, 5)).toEqual({ kind: 'almost' });
    expect(exitProgress(5, 5)).toEqual({ kind: 'almost' });
    expect(exitProgress(2, 2)).toEqual({ kind: 'almost' });
  });
});

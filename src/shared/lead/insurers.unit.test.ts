import { describe, expect, it } from 'vitest';
import { CURRENT_INSURERS, currentInsurerSchema } from './insurers';

describe('current insurer list', () => {
  it('names about 85 carriers plus Other, each once, Other last', () => {
    const carriers = CURRENT_INSURERS.filter((name) => name !== 'Other');
    expect(carriers.length).toBeGreaterThanOrEqual(80);
    expect(carriers.length).toBeLessThanOrEqual(90);
    expect(new Set(CURRENT_INSURERS.map((name) => name.toLowerCase())).size).toBe(CURRENT_INSURERS.length);
    expect(CURRENT_INSURERS.at(-1)).toBe('Other');
  });
  it('includes the largest US auto insurers by market share', () => {
    for (const name of [
      'State Farm',
      'Progressive',
      'GEICO',
      'Allstate',
      'USAA',
      'Liberty Mutual',
      'Farmers',
      'Nationwide',
      'American Family',
      'Travelers',
      'Erie',
      'Auto-Owners',
    ]) {
      expect(currentInsurerSchema.safeParse(name).success, name).toBe(true);
    }
  });
  it('fits the select and partner limits (trimmed, under 50 characters)', () => {
    for (const name of CURRENT_INSURERS) {
      expect(name).toBe(name.trim());
      expect(name.length).toBeLessThanOrEqual(50);
    }
  });
});

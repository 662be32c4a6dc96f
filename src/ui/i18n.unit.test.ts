import { describe, expect, it } from 'vitest';
import { ROUTES } from '../routes/registry';
import { hasTermLabel, termLabel } from './i18n';

describe('benefit codes and plan types read as words', () => {
  it('every code the route registry uses has an English and a Spanish label', () => {
    const codes = new Set(ROUTES.flatMap((r) => [...r.config.benefits, ...r.config.planTypes]));
    expect(codes.size).toBeGreaterThan(10);
    expect([...codes].filter((code) => !hasTermLabel(code))).toEqual([]);
    expect(termLabel('otc', 'spanish')).toBe('Asignación para productos de venta libre');
    expect(termLabel('discounts', 'spanish')).toBe('Descuentos');
    expect(termLabel('otc', 'english')).toBe('Over-the-counter allowance');
  });
});

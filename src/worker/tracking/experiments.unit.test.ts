import { describe, expect, it } from 'vitest';
import { experimentSchema, pageConfigSchema, routeRecordSchema } from '../../routes/schema';
import { applyExperiment, assignVariant } from './experiments';

const config = pageConfigSchema.parse({
  description: 'Find plans',
  headline: 'Original headline',
  body: ['First paragraph'],
  template: 'advertorial',
  product: 'medicare',
});

const experiment = experimentSchema.parse({
  id: 'otc-headline',
  active: true,
  variants: [
    { id: 'control', weight: 50 },
    { id: 'savings', weight: 50, config: { headline: 'Seniors: check your OTC allowance' } },
  ],
});

const controlVariant = experiment.variants[0] ?? expect.unreachable('the fixture has a control');
const savingsVariant = experiment.variants[1] ?? expect.unreachable('the fixture has a savings variant');

const visitors = Array.from({ length: 2000 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);

describe('edge experiments', () => {
  it('assigns the same visitor the same variant every time, and across deploys', () => {
    // Pinned: a change of the bucketing would move visitors to another variant mid-experiment.
    const pinned = [
      'savings',
      'control',
      'control',
      'savings',
      'savings',
      'savings',
      'control',
      'control',
      'control',
      'savings',
      'control',
      'control',
    ];
    expect(visitors.slice(0, 12).map((id) => assignVariant(experiment, id)?.id)).toEqual(pinned);
    // A fresh copy of the experiment (as the next request parses it) gives everyone the same variant again.
    const again = experimentSchema.parse(JSON.parse(JSON.stringify(experiment)));
    const first = visitors.map((id) => assignVariant(experiment, id)?.id);
    expect(visitors.map((id) => assignVariant(again, id)?.id)).toEqual(first);
  });

  it('splits visitors by weight', () => {
    const savings = visitors.filter((id) => assignVariant(experiment, id)?.id === 'savings').length;
    expect(savings / visitors.length).toBeGreaterThan(0.45);
    expect(savings / visitors.length).toBeLessThan(0.55);
    const skewed = {
      ...experiment,
      variants: [
        { ...controlVariant, weight: 9 },
        { ...savingsVariant, weight: 1 },
      ],
    };
    const share = visitors.filter((id) => assignVariant(skewed, id)?.id === 'savings').length / visitors.length;
    expect(share).toBeGreaterThan(0.07);
    expect(share).toBeLessThan(0.13);
  });

  it('a zero-weight variant gets nobody; an inactive experiment assigns nobody', () => {
    const off = { ...experiment, variants: [{ ...controlVariant, weight: 0 }, savingsVariant] };
    expect(new Set(visitors.map((id) => assignVariant(off, id)?.id))).toEqual(new Set(['savings']));
    expect(
      assignVariant({ ...experiment, active: false }, visitors[0] ?? expect.unreachable('2000 visitors')),
    ).toBeUndefined();
  });

  it('merges only the fields the variant sets over the page config', () => {
    const savingsVisitor =
      visitors.find((id) => assignVariant(experiment, id)?.id === 'savings') ??
      expect.unreachable('a visitor in savings');
    const { config: merged, assignment } = applyExperiment({ config, experiment }, savingsVisitor);
    expect(assignment).toEqual({ experimentId: 'otc-headline', variantId: 'savings' });
    expect(merged.headline).toBe('Seniors: check your OTC allowance');
    expect(merged.body).toEqual(['First paragraph']);
    expect(applyExperiment({ config, experiment: undefined }, savingsVisitor)).toEqual({ config, assignment: null });
  });

  it('rejects duplicate variant ids, no positive weight and unknown config fields', () => {
    expect(
      experimentSchema.safeParse({
        id: 'x',
        active: true,
        variants: [
          { id: 'a', weight: 1 },
          { id: 'a', weight: 1 },
        ],
      }).success,
    ).toBe(false);
    expect(
      experimentSchema.safeParse({
        id: 'x',
        active: true,
        variants: [
          { id: 'a', weight: 0 },
          { id: 'b', weight: 0 },
        ],
      }).success,
    ).toBe(false);
    expect(
      experimentSchema.safeParse({
        id: 'x',
        active: true,
        variants: [
          { id: 'a', weight: 1 },
          { id: 'b', weight: 1, config: { colour: 'red' } },
        ],
      }).success,
    ).toBe(false);
    const route = routeRecordSchema.parse({ name: 'p', path: '/p/:step?', brands: ['bh'], config, experiment });
    expect(route.experiment?.variants[1]?.config).toEqual({ headline: 'Seniors: check your OTC allowance' });
  });
});

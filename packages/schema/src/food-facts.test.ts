import { describe, expect, it } from 'vitest';
import { AllergenSet, FOOD_FACTS_MESSAGES, Nutrition, applyLabelFlags } from './food-facts';
import { isFreeFrom } from './food-facts-terms';

describe('food facts (issue 20)', () => {
  it('keeps allergen lists in the catalogue order, once each', () => {
    expect(AllergenSet.parse(['peanuts', 'milk', 'peanuts'])).toEqual(['milk', 'peanuts']);
  });

  it('counts a trace: free from means neither contained nor may contain', () => {
    expect(isFreeFrom({ allergens: [], mayContain: ['peanuts'] }, ['peanuts'])).toBe(false);
    expect(isFreeFrom({ allergens: ['sesame'], mayContain: [] }, ['peanuts', 'milk'])).toBe(true);
  });

  it('sets only the labels of the spec booleans that were sent', () => {
    expect(applyLabelFlags(['vegan', 'organic'], { isOrganic: false, isGlutenFree: true })).toEqual([
      'vegan',
      'gluten-free',
    ]);
    expect(applyLabelFlags(['organic'], {})).toEqual(['organic']);
  });

  it('checks the nutrition declaration across its values', () => {
    const base = {
      basis: 'g',
      energyKj: 100,
      energyKcal: 24,
      fat: 1,
      saturates: 0.5,
      carbohydrate: 4,
      sugars: 2,
      protein: 1,
      salt: 0,
    };
    expect(Nutrition.safeParse(base).success).toBe(true);
    const messages = (value: object) =>
      Nutrition.safeParse(value).error?.issues.map((issue) => issue.message);
    expect(messages({ ...base, saturates: 2 })).toEqual([FOOD_FACTS_MESSAGES.saturates]);
    expect(messages({ ...base, basis: 'kg' })).toEqual([FOOD_FACTS_MESSAGES.basis]);
  });
});

import fc from 'fast-check';
import { Product } from './product';
import { recommendProducts } from './recommendation';

const productArb = fc.record({
  id: fc.uuid(),
  name: fc.constantFrom('Socks', 'Cap', 'Bottle'),
  price: fc.constantFrom(0, 5, 10),
  active: fc.boolean(),
  minTotalPoints: fc.constantFrom(0, 100, 500),
  activityTypes: fc.subarray(['RUNNING', 'CYCLING']),
  challengeId: fc.constantFrom(null, 'c1', 'c2'),
}).map(({ minTotalPoints, activityTypes, challengeId, ...p }): Product => ({
  ...p, appId: 'app', description: '', currency: 'EUR', imageUrl: null, sku: 'SKU', createdAt: new Date(0), rules: { minTotalPoints, activityTypes, challengeId },
}));
const factsArb = fc.record({
  totalPoints: fc.constantFrom(0, 100, 499, 500, 1000),
  recentWorkouts: fc.dictionary(fc.constantFrom('RUNNING', 'CYCLING'), fc.integer({ min: 0, max: 9 })).map((d) => new Map(Object.entries(d))),
  reachedChallenges: fc.subarray(['c1', 'c2']).map((ids) => new Set(ids)),
});

describe('recommendProducts (properties)', () => {
  it('gives the same order whatever the catalogue order, and only active products with scores best first', () => {
    fc.assert(fc.property(fc.uniqueArray(productArb, { selector: (p) => p.id, maxLength: 12 }), factsArb, (products, facts) => {
      const ranked = recommendProducts(products, facts);
      expect(recommendProducts([...products].reverse(), facts).map((r) => r.product.id)).toEqual(ranked.map((r) => r.product.id));
      for (const r of ranked) expect(r.product.active).toBe(true);
      for (let i = 1; i < ranked.length; i++) expect(ranked[i - 1].score).toBeGreaterThanOrEqual(ranked[i].score);
    }));
  });
});

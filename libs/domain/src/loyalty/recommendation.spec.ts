import { Product } from './product';
import { recommendProducts } from './recommendation';

const product = (name: string, overrides: Partial<Omit<Product, 'rules'>> & { rules?: Partial<Product['rules']> } = {}): Product => {
  const { rules, ...rest } = overrides;
  return {
    id: `id-${name}`, appId: 'app', name, description: '', price: 10, currency: 'EUR', imageUrl: null, sku: name.toUpperCase(), active: true,
    createdAt: new Date('2026-03-01T00:00:00Z'), ...rest, rules: { minTotalPoints: 0, activityTypes: [], challengeId: null, ...rules },
  };
};
const facts = (totalPoints: number, workouts: Record<string, number> = {}, reached: string[] = []) => ({
  totalPoints, recentWorkouts: new Map(Object.entries(workouts)), reachedChallenges: new Set(reached),
});
const ranking = (products: Product[], f: ReturnType<typeof facts>) => recommendProducts(products, f).map((r) => [r.product.name, r.score, r.reasons]);

describe(recommendProducts.name, () => {
  it('offers only active products whose every rule the profile meets', () => {
    const products = [
      product('free'),
      product('inactive', { active: false }),
      product('rich', { rules: { minTotalPoints: 1000 } }),
      product('cyclist', { rules: { activityTypes: ['CYCLING'] } }),
      product('winner', { rules: { challengeId: 'c1' } }),
      // Points met, activity not: all rules must hold.
      product('both', { rules: { minTotalPoints: 100, activityTypes: ['SWIMMING'] } }),
    ];
    expect(ranking(products, facts(999, { RUNNING: 3 }, ['c2']))).toEqual([['free', 0, []]]);
    // Exactly 1,000 points meets the 1,000 rule.
    expect(ranking(products, facts(1000)).map(([name]) => name)).toEqual(['rich', 'free']);
  });

  it('scores each rule met and the matching workouts (at most 5)', () => {
    const products = [
      product('points', { rules: { minTotalPoints: 200 } }),
      product('runner', { rules: { activityTypes: ['RUNNING', 'WALKING'] } }),
      product('winner', { rules: { challengeId: 'c1' } }),
      product('all', { rules: { minTotalPoints: 50, activityTypes: ['WALKING'], challengeId: 'c1' } }),
    ];
    // points: 10. runner: 20 + 10 * min(2 + 7, 5) = 70. winner: 30. all: 10 + (20 + 10 * 5) + 30 = 110.
    expect(ranking(products, facts(300, { RUNNING: 2, WALKING: 7 }, ['c1']))).toEqual([
      ['all', 110, ['points', 'activity', 'challenge_goal']],
      ['runner', 70, ['activity']],
      ['winner', 30, ['challenge_goal']],
      ['points', 10, ['points']],
    ]);
    // One run: runner 20 + 10 = 30, all 10 + 0 (no walk): not offered; winner 30 ties with runner.
    expect(ranking(products, facts(300, { RUNNING: 1 }, ['c1'])).map(([name, score]) => [name, score])).toEqual([
      ['runner', 30], ['winner', 30], ['points', 10],
    ]);
  });

  it('breaks ties by the higher points rule, then the lower price, then the name, then the id', () => {
    const products = [
      product('b-cheap', { price: 5 }),
      product('a-dear', { price: 20 }),
      product('c-cheap', { price: 5 }),
      product('same', { price: 5, id: 'id-2' }),
      product('same', { price: 5, id: 'id-1' }),
      product('hard', { price: 99, rules: { minTotalPoints: 500 } }),
      product('easy', { price: 1, rules: { minTotalPoints: 100 } }),
    ];
    // hard and easy both score 10 (points rule): 500 before 100. The free ones score 0.
    expect(recommendProducts(products, facts(600)).map((r) => r.product.id)).toEqual([
      'id-hard', 'id-easy', 'id-b-cheap', 'id-c-cheap', 'id-1', 'id-2', 'id-a-dear',
    ]);
  });
});

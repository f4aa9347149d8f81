import {
  ActivityRecordMother, ChallengeMemberMother, FixedClock, InMemoryActivityRepository, InMemoryMembershipRepository, InMemoryProductRepository,
  InMemoryProfileRepository, InMemoryScoreRepository, InMemoryShopSettingsRepository, MemberPeriodScoreMother,
} from '../../testing';
import { Product } from '../loyalty/product';
import { DeleteProductUseCase } from './delete-product.use-case';
import { GetProductUseCase } from './get-product.use-case';
import { GetRecommendedProductsUseCase } from './get-recommended-products.use-case';
import { GetShopTemplateUseCase } from './get-shop-template.use-case';
import { GetShoppingCartLinkUseCase } from './get-shopping-cart-link.use-case';
import { ListProductsUseCase } from './list-products.use-case';

const product = (name: string, rules: Partial<Product['rules']> = {}, extra: Partial<Product> = {}): Product => ({
  id: `id-${name}`, appId: 'app', name, description: '', price: 10, currency: 'EUR', imageUrl: null, sku: `SKU ${name}`, active: true,
  createdAt: new Date('2026-03-01T00:00:00Z'), rules: { minTotalPoints: 0, activityTypes: [], challengeId: null, ...rules }, ...extra,
});

describe('recommendations and cart links', () => {
  const now = '2026-03-31T12:00:00Z';
  const setup = async (products: Product[]) => {
    const profiles = new InMemoryProfileRepository();
    await profiles.create({ id: 'p-1', appId: 'app', name: 'Ann', gender: null, reference: '', team: null, totalPoints: 120, createdAt: new Date(now) }, 'd');
    const catalogue = new InMemoryProductRepository();
    for (const p of products) await catalogue.save(p);
    const activity = new InMemoryActivityRepository();
    await activity.upsert({
      dailySummaries: [],
      workouts: [
        // 30 days before now is 2026-03-01T12:00Z: the first run is too old, the second counts; the ride
        // from a second source is the same ride (de-duplicated).
        ActivityRecordMother.workout({ profileId: 'p-1', activityType: 'RUNNING', start: new Date('2026-03-01T11:59:59Z') }),
        ActivityRecordMother.workout({ profileId: 'p-1', activityType: 'RUNNING', start: new Date('2026-03-01T12:00:00Z') }),
        ActivityRecordMother.workout({ profileId: 'p-1', activityType: 'CYCLING', start: new Date('2026-03-20T07:00:00Z') }),
        ActivityRecordMother.workout({ profileId: 'p-1', activityType: 'CYCLING', start: new Date('2026-03-20T07:00:00Z'), source: 'STRAVA' }),
      ],
    });
    const memberships = new InMemoryMembershipRepository([
      ChallengeMemberMother.create({ challengeId: 'won', profileId: 'p-1' }), ChallengeMemberMother.create({ challengeId: 'lost', profileId: 'p-1' }),
    ]);
    const scores = new InMemoryScoreRepository();
    await scores.saveMany([
      MemberPeriodScoreMother.create({ challengeId: 'won', profileId: 'p-1', periodIndex: 0, goalReached: false }),
      MemberPeriodScoreMother.create({ challengeId: 'won', profileId: 'p-1', periodIndex: 1, goalReached: true }),
      MemberPeriodScoreMother.create({ challengeId: 'lost', profileId: 'p-1', periodIndex: 0, goalReached: false }),
    ]);
    const shop = new InMemoryShopSettingsRepository();
    const recommended = new GetRecommendedProductsUseCase(profiles, catalogue, activity, memberships, scores, new FixedClock(now));
    return { recommended, catalogue, shop, cart: new GetShoppingCartLinkUseCase(shop, recommended) };
  };

  it('ranks from total points, de-duplicated workouts of the last 30 days and reached challenge goals', async () => {
    const { recommended } = await setup([
      product('runner', { activityTypes: ['RUNNING'] }),
      product('rider', { activityTypes: ['CYCLING'] }),
      product('won', { challengeId: 'won' }),
      product('lost', { challengeId: 'lost' }),
      product('elsewhere', { challengeId: 'not-a-member' }),
      product('points', { minTotalPoints: 120 }),
      product('more', { minTotalPoints: 121 }),
    ]);
    // runner 20 + 10 * 1, rider 20 + 10 * 1 (one ride), won 30, points 10; lost, elsewhere and more are not met.
    // runner and rider tie at 30 with won: all 0 points rules and price 10, so by name.
    const ranked = await recommended.execute({ appId: 'app', profileId: 'p-1' });
    expect(ranked.map((r) => [r.product.name, r.score])).toEqual([['rider', 30], ['runner', 30], ['won', 30], ['points', 10]]);
    await expect(recommended.execute({ appId: 'other', profileId: 'p-1' })).rejects.toMatchObject({ code: 'identity.profile_not_found' });
  });

  it('builds the cart link from the template, and refuses while there is none', async () => {
    const { cart, shop } = await setup([product('a'), product('b', { minTotalPoints: 100 })]);
    await expect(cart.execute({ appId: 'app', profileId: 'p-1' })).rejects.toMatchObject({ code: 'loyalty.shop_not_configured' });
    await shop.saveTemplate('app', 'https://shop.example.com/c?i={items}&p={profile}');
    // b (points rule, 10) before a (0); "SKU b,SKU a" encoded.
    const link = await cart.execute({ appId: 'app', profileId: 'p-1' });
    expect(link.url).toBe('https://shop.example.com/c?i=SKU%20b%2CSKU%20a&p=p-1');
    expect(link.items.map((p) => p.name)).toEqual(['b', 'a']);
    expect(await new GetShopTemplateUseCase(shop).execute({ appId: 'app' })).toBe('https://shop.example.com/c?i={items}&p={profile}');
  });

  it('reads, lists and deletes products within the app only', async () => {
    const { catalogue } = await setup([product('a'), product('b')]);
    const get = new GetProductUseCase(catalogue);
    const remove = new DeleteProductUseCase(catalogue);
    expect((await get.execute({ appId: 'app', id: 'id-a' })).name).toBe('a');
    await expect(get.execute({ appId: 'other', id: 'id-a' })).rejects.toMatchObject({ code: 'loyalty.product_not_found' });
    await expect(remove.execute({ appId: 'other', id: 'id-a' })).rejects.toMatchObject({ code: 'loyalty.product_not_found' });
    await remove.execute({ appId: 'app', id: 'id-a' });
    expect(await new ListProductsUseCase(catalogue).execute({ appId: 'app', limit: 10, offset: 0 })).toMatchObject({ count: 1, items: [{ name: 'b' }] });
  });
});

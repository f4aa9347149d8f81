import { Product } from '@strive/domain';
import { describeContract } from './support/contract';
import { ID, seedProfiles } from './support/fixtures';

const product = (id: string, createdAt: string, overrides: Partial<Product> = {}): Product => ({
  id, appId: ID.appA, name: `Product ${id.slice(0, 2)}`, description: 'A reward.', price: 14.9, currency: 'EUR', imageUrl: null, sku: `SKU-${id.slice(0, 2)}`,
  active: true, rules: { minTotalPoints: 0, activityTypes: [], challengeId: null }, createdAt: new Date(createdAt), ...overrides,
});

describeContract('ProductRepository', (world) => {
  // Two products created at the same instant: the tie goes by id (d1... before d9...).
  const first = product('d1000000-0000-4000-8000-000000000001', '2026-03-02T08:00:00Z', {
    imageUrl: 'https://shop.example.com/a.png', rules: { minTotalPoints: 500.5, activityTypes: ['RUNNING', 'CYCLING'], challengeId: ID.challenge1 },
  });
  const second = product('d9000000-0000-4000-8000-000000000009', '2026-03-02T08:00:00Z', { active: false });
  const third = product('d5000000-0000-4000-8000-000000000005', '2026-03-03T08:00:00Z');
  const elsewhere = product('d7000000-0000-4000-8000-000000000007', '2026-03-01T08:00:00Z', { appId: ID.appB });

  beforeEach(async () => {
    await seedProfiles(world());
    for (const p of [third, second, first, elsewhere]) await world().products.save(p);
  });

  it('pages an app\'s products oldest first, then by id, with the count', async () => {
    expect(await world().products.page(ID.appA, 2, 0)).toEqual({ count: 3, items: [first, second] });
    expect(await world().products.page(ID.appA, 2, 2)).toEqual({ count: 3, items: [third] });
    expect(await world().products.page(ID.appB, 10, 0)).toEqual({ count: 1, items: [elsewhere] });
    expect(await world().products.count(ID.appA)).toBe(3);
  });

  it('lists only the active products of the app', async () => {
    expect(await world().products.listActive(ID.appA)).toEqual([first, third]);
  });

  it('finds a product only in its own app', async () => {
    expect(await world().products.find(ID.appA, first.id)).toEqual(first);
    expect(await world().products.find(ID.appB, first.id)).toBeNull();
  });

  it('replaces a saved product by its id, keeping its creation time', async () => {
    const changed = { ...first, name: 'Renamed', price: 0, rules: { minTotalPoints: 0, activityTypes: [], challengeId: null } };
    await world().products.save(changed);
    expect(await world().products.find(ID.appA, first.id)).toEqual(changed);
    expect(await world().products.count(ID.appA)).toBe(3);
  });

  it('deletes within the app only, saying whether it did', async () => {
    expect(await world().products.delete(ID.appB, first.id)).toBe(false);
    expect(await world().products.delete(ID.appA, first.id)).toBe(true);
    expect(await world().products.delete(ID.appA, first.id)).toBe(false);
    expect(await world().products.find(ID.appA, first.id)).toBeNull();
    expect(await world().products.count(ID.appA)).toBe(2);
  });
});

describeContract('ShopSettingsRepository', (world) => {
  beforeEach(() => seedProfiles(world()));

  it('has no template until the app saves one; saving again replaces it; apps stay apart', async () => {
    expect(await world().shop.findTemplate(ID.appA)).toBeNull();
    await world().shop.saveTemplate(ID.appA, 'https://shop.example.com/cart?items={items}');
    await world().shop.saveTemplate(ID.appA, 'https://shop.example.com/c?i={items}&p={profile}');
    expect(await world().shop.findTemplate(ID.appA)).toBe('https://shop.example.com/c?i={items}&p={profile}');
    expect(await world().shop.findTemplate(ID.appB)).toBeNull();
  });
});

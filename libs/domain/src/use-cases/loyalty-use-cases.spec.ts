import {
  ChallengeMother, FixedClock, InMemoryChallengeRepository, InMemoryProductRepository, InMemoryShopSettingsRepository, SequentialIdGenerator,
} from '../../testing';
import { LoyaltyError } from '../loyalty/loyalty-error';
import { MAX_PRODUCTS_PER_APP, ProductFields } from '../loyalty/product';
import { CreateProductUseCase } from './create-product.use-case';
import { SetShopTemplateUseCase } from './set-shop-template.use-case';
import { UpdateProductUseCase } from './update-product.use-case';

const fields = (overrides: Partial<ProductFields> = {}): ProductFields => ({
  name: 'Socks', description: '', price: 10, currency: 'EUR', imageUrl: null, sku: 'SOCK', active: true,
  rules: { minTotalPoints: 0, activityTypes: [], challengeId: null }, ...overrides,
});

describe('loyalty use cases', () => {
  const setup = () => {
    const products = new InMemoryProductRepository();
    const challenges = new InMemoryChallengeRepository([ChallengeMother.create({ id: 'c-1', appId: 'app' })]);
    return {
      products,
      create: new CreateProductUseCase(products, challenges, new SequentialIdGenerator(), new FixedClock('2026-03-01T00:00:00Z')),
      update: new UpdateProductUseCase(products, challenges),
    };
  };

  it(`refuses a product beyond ${MAX_PRODUCTS_PER_APP} per app, and stores nothing`, async () => {
    const { products, create } = setup();
    for (let i = 0; i < MAX_PRODUCTS_PER_APP; i++) await create.execute({ appId: 'app', fields: fields() });
    await expect(create.execute({ appId: 'app', fields: fields() })).rejects.toMatchObject({ code: 'loyalty.catalogue_full' });
    expect(await products.count('app')).toBe(MAX_PRODUCTS_PER_APP);
    // Another app has its own catalogue.
    await create.execute({ appId: 'other', fields: fields() });
    expect(await products.count('other')).toBe(1);
  });

  it("accepts a challenge rule only for the app's own challenge", async () => {
    const { products, create, update } = setup();
    const product = await create.execute({ appId: 'app', fields: fields({ rules: { minTotalPoints: 0, activityTypes: [], challengeId: 'c-1' } }) });
    await expect(create.execute({ appId: 'other', fields: fields({ rules: { minTotalPoints: 0, activityTypes: [], challengeId: 'c-1' } }) }))
      .rejects.toMatchObject({ code: 'loyalty.invalid_product', field: 'rules.challenge_id' });
    await expect(update.execute({ appId: 'app', id: product.id, changes: { name: 'X', rules: { challengeId: 'c-9' } } })).rejects.toBeInstanceOf(LoyaltyError);
    expect(await products.find('app', product.id)).toEqual(product);
  });

  it('changes only the fields and rule fields sent', async () => {
    const { create, update } = setup();
    const product = await create.execute({ appId: 'app', fields: fields({ imageUrl: 'https://x.example/a.png', rules: { minTotalPoints: 5, activityTypes: ['RUNNING'], challengeId: null } }) });
    const changed = await update.execute({ appId: 'app', id: product.id, changes: { price: 3, imageUrl: null, name: undefined, rules: { minTotalPoints: 7 } } });
    expect(changed).toEqual({ ...product, price: 3, imageUrl: null, rules: { minTotalPoints: 7, activityTypes: ['RUNNING'], challengeId: null } });
    await expect(update.execute({ appId: 'other', id: product.id, changes: { price: 1 } })).rejects.toMatchObject({ code: 'loyalty.product_not_found' });
  });

  it('stores a shop template only when it is valid', async () => {
    const shop = new InMemoryShopSettingsRepository();
    const set = new SetShopTemplateUseCase(shop);
    await expect(set.execute({ appId: 'app', template: 'http://shop.example.com/?i={items}' })).rejects.toMatchObject({ code: 'loyalty.invalid_shop_template' });
    expect(await shop.findTemplate('app')).toBeNull();
    await set.execute({ appId: 'app', template: 'https://shop.example.com/?i={items}' });
    expect(await shop.findTemplate('app')).toBe('https://shop.example.com/?i={items}');
  });
});

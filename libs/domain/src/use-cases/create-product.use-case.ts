import { LoyaltyError, LoyaltyErrorCode } from '../loyalty/loyalty-error';
import { MAX_PRODUCTS_PER_APP, Product, ProductFields } from '../loyalty/product';
import { ChallengeRepository } from '../ports/challenge-repository';
import { Clock } from '../ports/clock';
import { IdGenerator } from '../ports/id-generator';
import { ProductRepository } from '../ports/product-repository';
import { assertRulesKnown } from './update-product.use-case';

/** POST app/products/: adds a product to the app's catalogue (at most 500). */
export class CreateProductUseCase {
  constructor(
    private readonly products: ProductRepository,
    private readonly challenges: ChallengeRepository,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(input: { readonly appId: string; readonly fields: ProductFields }): Promise<Product> {
    await assertRulesKnown(this.challenges, input.appId, input.fields);
    if ((await this.products.count(input.appId)) >= MAX_PRODUCTS_PER_APP) {
      throw new LoyaltyError(LoyaltyErrorCode.CatalogueFull, `The catalogue already holds ${MAX_PRODUCTS_PER_APP} products, the most an app may have.`);
    }
    const product: Product = { ...input.fields, id: this.ids.uuid(), appId: input.appId, createdAt: this.clock.now() };
    await this.products.save(product);
    return product;
  }
}

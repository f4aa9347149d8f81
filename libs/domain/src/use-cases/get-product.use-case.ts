import { LoyaltyError } from '../loyalty/loyalty-error';
import { Product } from '../loyalty/product';
import { ProductRepository } from '../ports/product-repository';

/** GET app/products/{id}/. */
export class GetProductUseCase {
  constructor(private readonly products: ProductRepository) {}

  async execute(input: { readonly appId: string; readonly id: string }): Promise<Product> {
    const product = await this.products.find(input.appId, input.id);
    if (!product) throw LoyaltyError.productNotFound(input.id);
    return product;
  }
}

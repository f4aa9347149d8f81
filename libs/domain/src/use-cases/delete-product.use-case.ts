import { LoyaltyError } from '../loyalty/loyalty-error';
import { ProductRepository } from '../ports/product-repository';

/** DELETE app/products/{id}/. */
export class DeleteProductUseCase {
  constructor(private readonly products: ProductRepository) {}

  async execute(input: { readonly appId: string; readonly id: string }): Promise<void> {
    if (!(await this.products.delete(input.appId, input.id))) throw LoyaltyError.productNotFound(input.id);
  }
}

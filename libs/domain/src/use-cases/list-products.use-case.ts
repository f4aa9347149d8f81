import { ProductPage, ProductRepository } from '../ports/product-repository';

/** GET app/products/: one offset page of the catalogue, oldest first. */
export class ListProductsUseCase {
  constructor(private readonly products: ProductRepository) {}

  execute(input: { readonly appId: string; readonly limit: number; readonly offset: number }): Promise<ProductPage> {
    return this.products.page(input.appId, input.limit, input.offset);
  }
}

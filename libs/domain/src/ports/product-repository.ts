import { Product } from '../loyalty/product';

export interface ProductPage {
  readonly count: number;
  readonly items: readonly Product[];
}

/** An app's loyalty catalogue; always read within one app (another app's product does not exist). */
export interface ProductRepository {
  /** Products oldest first (created_at, then id). */
  page(appId: string, limit: number, offset: number): Promise<ProductPage>;
  /** Every active product of the app (at most MAX_PRODUCTS_PER_APP exist). */
  listActive(appId: string): Promise<Product[]>;
  find(appId: string, id: string): Promise<Product | null>;
  count(appId: string): Promise<number>;
  /** Inserts or replaces the product by its id. */
  save(product: Product): Promise<void>;
  /** Whether a product was deleted. */
  delete(appId: string, id: string): Promise<boolean>;
}

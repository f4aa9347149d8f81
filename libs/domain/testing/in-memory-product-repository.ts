import { Product } from '../src/loyalty/product';
import { ProductPage, ProductRepository } from '../src/ports/product-repository';

const byAge = (a: Product, b: Product) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** In-memory twin of the product catalogue (medium contract tests). */
export class InMemoryProductRepository implements ProductRepository {
  private readonly products = new Map<string, Product>();

  private ofApp(appId: string): Product[] {
    return [...this.products.values()].filter((p) => p.appId === appId).sort(byAge);
  }

  async page(appId: string, limit: number, offset: number): Promise<ProductPage> {
    const all = this.ofApp(appId);
    return { count: all.length, items: all.slice(offset, offset + limit) };
  }

  async listActive(appId: string): Promise<Product[]> {
    return this.ofApp(appId).filter((p) => p.active);
  }

  async find(appId: string, id: string): Promise<Product | null> {
    const product = this.products.get(id);
    return product && product.appId === appId ? product : null;
  }

  async count(appId: string): Promise<number> {
    return this.ofApp(appId).length;
  }

  async save(product: Product): Promise<void> {
    this.products.set(product.id, product);
  }

  async delete(appId: string, id: string): Promise<boolean> {
    if (!(await this.find(appId, id))) return false;
    return this.products.delete(id);
  }
}

import { LoyaltyError, LoyaltyErrorCode } from '../loyalty/loyalty-error';
import { Product, ProductFields } from '../loyalty/product';
import { ChallengeRepository } from '../ports/challenge-repository';
import { ProductRepository } from '../ports/product-repository';

/** A challenge rule must name a challenge of the same app. */
export async function assertRulesKnown(challenges: ChallengeRepository, appId: string, fields: ProductFields): Promise<void> {
  const { challengeId } = fields.rules;
  if (challengeId !== null && !(await challenges.findById(appId, challengeId))) {
    throw new LoyaltyError(LoyaltyErrorCode.InvalidProduct, `rules.challenge_id: no challenge ${challengeId} in this app`, 'rules.challenge_id');
  }
}

/** PATCH app/products/{id}/: changes the fields sent (rules: the rule fields sent). */
export class UpdateProductUseCase {
  constructor(
    private readonly products: ProductRepository,
    private readonly challenges: ChallengeRepository,
  ) {}

  async execute(input: {
    readonly appId: string;
    readonly id: string;
    readonly changes: Partial<Omit<ProductFields, 'rules'>> & { readonly rules?: Partial<ProductFields['rules']> };
  }): Promise<Product> {
    const current = await this.products.find(input.appId, input.id);
    if (!current) throw LoyaltyError.productNotFound(input.id);
    const { rules, ...fields } = input.changes;
    const defined = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
    const updated: Product = { ...current, ...defined(fields), rules: { ...current.rules, ...defined(rules ?? {}) } };
    await assertRulesKnown(this.challenges, input.appId, updated);
    await this.products.save(updated);
    return updated;
  }
}

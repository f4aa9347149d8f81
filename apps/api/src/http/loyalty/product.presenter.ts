import { Product, ProductFields, Recommendation } from '@strive/domain';
import { ApiUrl } from '../shared/api-url';
import { ProductBody, ProductPatchBody, ProductView, RecommendedProduct } from './product.dto';

export function presentProduct(product: Product, url: ApiUrl): ProductView {
  return {
    url: url.resource(`app/products/${product.id}/`),
    id: product.id,
    name: product.name,
    description: product.description,
    price: product.price,
    currency: product.currency,
    image_url: product.imageUrl,
    sku: product.sku,
    active: product.active,
    rules: { min_total_points: product.rules.minTotalPoints, activity_types: [...product.rules.activityTypes], challenge_id: product.rules.challengeId },
    created_at: product.createdAt.toISOString(),
  };
}

export function presentRecommendation(recommendation: Recommendation, url: ApiUrl): RecommendedProduct {
  return { ...presentProduct(recommendation.product, url), score: recommendation.score, reasons: [...recommendation.reasons] };
}

/** A POST body as product fields, with the documented defaults. */
export function toProductFields(body: ProductBody): ProductFields {
  return {
    name: body.name,
    description: body.description ?? '',
    price: body.price,
    currency: body.currency,
    imageUrl: body.image_url ?? null,
    sku: body.sku,
    active: body.active ?? true,
    rules: {
      minTotalPoints: body.rules?.min_total_points ?? 0,
      activityTypes: body.rules?.activity_types ?? [],
      challengeId: body.rules?.challenge_id ?? null,
    },
  };
}

/** A PATCH body as changes: only what was sent. */
export function toProductChanges(body: ProductPatchBody) {
  return {
    name: body.name,
    description: body.description,
    price: body.price,
    currency: body.currency,
    imageUrl: body.image_url,
    sku: body.sku,
    active: body.active,
    rules: body.rules && {
      minTotalPoints: body.rules.min_total_points,
      activityTypes: body.rules.activity_types,
      challengeId: body.rules.challenge_id,
    },
  };
}

import { Product } from './product';

/** What the ranking knows of a profile. */
export interface ProfileLoyaltyFacts {
  readonly totalPoints: number;
  /** Workouts of the last 30 days per activity type. */
  readonly recentWorkouts: ReadonlyMap<string, number>;
  /** Challenges in which the profile reached the goal of some period. */
  readonly reachedChallenges: ReadonlySet<string>;
}

export type RecommendationReason = 'points' | 'activity' | 'challenge_goal';

export interface Recommendation {
  readonly product: Product;
  readonly score: number;
  /** The rules the profile meets, in this order: points, activity, challenge_goal. */
  readonly reasons: readonly RecommendationReason[];
}

/** Score weights (docs/loyalty.md): a reached challenge goal counts most, then activity, then points. */
export const SCORE_CHALLENGE_GOAL = 30;
export const SCORE_ACTIVITY_RULE = 20;
export const SCORE_PER_MATCHING_WORKOUT = 10;
export const MAX_SCORED_WORKOUTS = 5;
export const SCORE_POINTS_RULE = 10;

/**
 * The active products whose rules the profile meets, best first. A product earns points for
 * each rule it sets and the profile meets (an earned reward ranks above a free one), plus 10 per
 * matching workout of the last 30 days (at most 5). Ties: higher min_total_points, then lower
 * price, then name, then id, so the order is total and stable.
 */
export function recommendProducts(products: readonly Product[], facts: ProfileLoyaltyFacts): Recommendation[] {
  const recommended: Recommendation[] = [];
  for (const product of products) {
    if (!product.active) continue;
    const { rules } = product;
    const reasons: RecommendationReason[] = [];
    let score = 0;
    if (rules.minTotalPoints > 0) {
      if (facts.totalPoints < rules.minTotalPoints) continue;
      reasons.push('points');
      score += SCORE_POINTS_RULE;
    }
    if (rules.activityTypes.length > 0) {
      const workouts = rules.activityTypes.reduce((sum, type) => sum + (facts.recentWorkouts.get(type) ?? 0), 0);
      if (workouts === 0) continue;
      reasons.push('activity');
      score += SCORE_ACTIVITY_RULE + SCORE_PER_MATCHING_WORKOUT * Math.min(workouts, MAX_SCORED_WORKOUTS);
    }
    if (rules.challengeId !== null) {
      if (!facts.reachedChallenges.has(rules.challengeId)) continue;
      reasons.push('challenge_goal');
      score += SCORE_CHALLENGE_GOAL;
    }
    recommended.push({ product, score, reasons });
  }
  return recommended.sort(
    (a, b) =>
      b.score - a.score ||
      b.product.rules.minTotalPoints - a.product.rules.minTotalPoints ||
      a.product.price - b.product.price ||
      (a.product.name < b.product.name ? -1 : a.product.name > b.product.name ? 1 : 0) ||
      (a.product.id < b.product.id ? -1 : a.product.id > b.product.id ? 1 : 0),
  );
}

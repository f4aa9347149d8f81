import { IdentityError } from '../identity/identity-error';
import { RECENT_ACTIVITY_DAYS } from '../loyalty/product';
import { Recommendation, recommendProducts } from '../loyalty/recommendation';
import { ActivityRepository } from '../ports/activity-repository';
import { Clock } from '../ports/clock';
import { MembershipRepository } from '../ports/membership-repository';
import { ProductRepository } from '../ports/product-repository';
import { ProfileRepository } from '../ports/profile-repository';
import { ScoreRepository } from '../ports/score-repository';
import { deduplicateWorkouts } from '../records/deduplication';

/**
 * The app's active products ranked for a profile (recommendProducts) from its total points, its
 * workouts of the last 30 days and the challenges whose goal it reached. Reads at most the
 * catalogue (500 products), 30 days of workouts, and the scores of the challenges that both a
 * product names and the profile is a member of.
 */
export class GetRecommendedProductsUseCase {
  constructor(
    private readonly profiles: ProfileRepository,
    private readonly products: ProductRepository,
    private readonly activity: ActivityRepository,
    private readonly memberships: MembershipRepository,
    private readonly scores: ScoreRepository,
    private readonly clock: Clock,
  ) {}

  async execute(input: { readonly appId: string; readonly profileId: string }): Promise<Recommendation[]> {
    const profile = await this.profiles.findInApp(input.appId, input.profileId);
    if (!profile) throw IdentityError.profileNotFound(input.profileId);
    const catalogue = await this.products.listActive(input.appId);

    const now = this.clock.now();
    const recentWorkouts = new Map<string, number>();
    if (catalogue.some((p) => p.rules.activityTypes.length > 0)) {
      const from = new Date(now.getTime() - RECENT_ACTIVITY_DAYS * 86_400_000);
      for (const workout of deduplicateWorkouts(await this.activity.listWorkouts(profile.id, { from, to: now }))) {
        recentWorkouts.set(workout.activityType, (recentWorkouts.get(workout.activityType) ?? 0) + 1);
      }
    }

    const named = new Set(catalogue.map((p) => p.rules.challengeId).filter((id): id is string => id !== null));
    const reachedChallenges = new Set<string>();
    if (named.size > 0) {
      const memberOf = (await this.memberships.listByProfile(profile.id)).map((m) => m.challengeId).filter((id) => named.has(id));
      for (const challengeId of memberOf) {
        if ((await this.scores.findForMember(challengeId, profile.id)).some((score) => score.goalReached)) reachedChallenges.add(challengeId);
      }
    }
    return recommendProducts(catalogue, { totalPoints: profile.totalPoints, recentWorkouts, reachedChallenges });
  }
}

import { Challenge } from '../challenge/challenge';
import { Profile } from '../identity/profile';
import { ChallengeMember } from '../membership/challenge-member';
import { distinctIds, requireChallenge } from '../membership/lookups';
import { Membership } from '../membership/membership';
import { MembershipError, MembershipErrorCode } from '../membership/membership-error';
import { ChallengeRepository } from '../ports/challenge-repository';
import { Clock } from '../ports/clock';
import { MembershipRepository } from '../ports/membership-repository';
import { ProfileRepository } from '../ports/profile-repository';
import { TeamRepository } from '../ports/team-repository';
import { ProfileCreatedListener } from './create-profile.use-case';

export interface EnrollAutomaticMembersInput {
  readonly appId: string;
  /** One AUTOMATIC challenge (e.g. just created); omitted: every AUTOMATIC challenge of the app not ended. */
  readonly challengeId?: string;
  /** The profiles to enroll (e.g. one just created); omitted: every profile of the app. */
  readonly profileIds?: readonly string[];
}

export type AutomaticEnrollmentSkipReason = MembershipErrorCode | 'opted_out';

export interface AutomaticEnrollmentSkip {
  readonly challengeId: string;
  readonly profileId: string;
  readonly reason: AutomaticEnrollmentSkipReason;
}

export interface EnrollAutomaticMembersResult {
  readonly enrolled: readonly ChallengeMember[];
  /** Pairs left out: already members, opted out, no team for a TEAM challenge, challenge ended. */
  readonly skipped: readonly AutomaticEnrollmentSkip[];
}

const PROFILE_PAGE_SIZE = 500;
const FEW_PROFILES = 100;

/**
 * Enrolls profiles in AUTOMATIC challenges ("the app's existing and future profiles").
 * Run it when an AUTOMATIC challenge is created (all existing profiles), when a profile is
 * created (see asProfileCreatedListener) and, for TEAM challenges, after a profile joins its
 * first team. Idempotent: members and profiles that left (opted out) are skipped, and one
 * profile that cannot be enrolled never blocks the others.
 */
export class EnrollAutomaticMembersUseCase {
  constructor(
    private readonly challenges: ChallengeRepository,
    private readonly memberships: MembershipRepository,
    private readonly teams: TeamRepository,
    private readonly profiles: ProfileRepository,
    private readonly clock: Clock,
  ) {}

  async execute(input: EnrollAutomaticMembersInput): Promise<EnrollAutomaticMembersResult> {
    const at = this.clock.now();
    const challenges = await this.challengesFor(input, at);
    const profileIds = input.profileIds ? distinctIds(input.profileIds) : await this.allProfileIds(input.appId);
    const enrolled: ChallengeMember[] = [];
    const skipped: AutomaticEnrollmentSkip[] = [];
    // A few profiles (one just created): look each up; many: read the challenge's members once.
    const lookUpEach = profileIds.length <= FEW_PROFILES;
    for (const challenge of challenges) {
      const members = lookUpEach
        ? null
        : new Map((await this.memberships.listByChallenge(challenge.id)).map((m) => [m.profileId, m]));
      const optedOut = new Set(await this.memberships.listOptedOut(challenge.id));
      for (const profileId of profileIds) {
        if (optedOut.has(profileId)) {
          skipped.push({ challengeId: challenge.id, profileId, reason: 'opted_out' });
          continue;
        }
        const existing = members ? (members.get(profileId) ?? null) : await this.memberships.find(challenge.id, profileId);
        try {
          // A member is refused before its teams matter: no need to read them.
          const profileTeams = existing ? [] : await this.teams.listMembershipsOfProfile(profileId);
          enrolled.push(Membership.of(challenge, profileId, existing).enrollAutomatically(at, { profileTeams }));
        } catch (error) {
          if (!(error instanceof MembershipError)) throw error;
          skipped.push({ challengeId: challenge.id, profileId, reason: error.code });
        }
      }
    }
    // Inserted only where still absent and not opted out: a profile that left meanwhile stays out.
    return { enrolled: await this.memberships.addAllIfAbsent(enrolled, { skipOptedOut: true }), skipped };
  }

  /** Enrolls every new profile in the app's AUTOMATIC challenges (for CreateProfileUseCase). */
  asProfileCreatedListener(): ProfileCreatedListener {
    return async (profile: Profile) => {
      await this.execute({ appId: profile.appId, profileIds: [profile.id] });
    };
  }

  private async challengesFor(input: EnrollAutomaticMembersInput, at: Date): Promise<Challenge[]> {
    if (input.challengeId !== undefined) {
      const challenge = await requireChallenge(this.challenges, input.appId, input.challengeId);
      if (challenge.enrollmentMethod !== 'AUTOMATIC') {
        throw new MembershipError(MembershipErrorCode.NotAutomatic, `Challenge ${challenge.id} is not automatic.`);
      }
      return [challenge];
    }
    return (await this.challenges.listByApp(input.appId)).filter(
      (c) => c.enrollmentMethod === 'AUTOMATIC' && at.getTime() < c.end.getTime(),
    );
  }

  private async allProfileIds(appId: string): Promise<string[]> {
    const ids: string[] = [];
    for (let offset = 0; ; offset += PROFILE_PAGE_SIZE) {
      const page = await this.profiles.list({
        appId,
        ordering: { field: 'created', descending: false },
        limit: PROFILE_PAGE_SIZE,
        offset,
      });
      ids.push(...page.items.map((p) => p.id));
      if (page.items.length < PROFILE_PAGE_SIZE) return ids;
    }
  }
}

import { Challenge } from '../challenge/challenge';
import { PrincipalKind } from '../identity/principal';
import { MembershipError } from './membership-error';

/**
 * PUBLIC challenges are visible to every profile of the app; PRIVATE ones only to
 * their members (an administrator's add is the pre-enrolment that makes one visible).
 */
export function isChallengeVisibleTo(challenge: Challenge, isMember: boolean): boolean {
  return challenge.visibility === 'PUBLIC' || isMember;
}

/**
 * A move asked by a profile on a challenge it may not see answers as if the challenge did not
 * exist (never revealing a PRIVATE challenge); an administrator's moves are not concerned.
 */
export function assertVisibleToActor(challenge: Challenge, by: PrincipalKind, isMember: boolean): void {
  if (by === 'profile' && !isChallengeVisibleTo(challenge, isMember)) throw MembershipError.challengeNotFound(challenge.id);
}

/** Whether the profile could join by itself at `at` (the self-service join button). */
export function canSelfJoin(challenge: Challenge, isMember: boolean, at: Date): boolean {
  return !isMember && challenge.visibility === 'PUBLIC' && at.getTime() < challenge.end.getTime();
}

/** What a profile may list of `challenges` (PRIVATE ones only where it is a member), order kept. */
export function visibleChallenges(challenges: readonly Challenge[], memberOf: ReadonlySet<string>): Challenge[] {
  return challenges.filter((challenge) => isChallengeVisibleTo(challenge, memberOf.has(challenge.id)));
}

/** Narrows the profile's challenge list (profile/{id}/challenge/ query parameters). */
export interface ProfileChallengeWindow {
  /** Challenges not joined must end after this instant (default `at`). */
  readonly from?: Date;
  /** Challenges not joined must start before this instant (default: no bound). */
  readonly to?: Date | null;
  /** Any challenge that ended at or before this instant is left out (default: none). */
  readonly endedAfter?: Date | null;
}

export interface ProfileChallengeEntry {
  readonly challenge: Challenge;
  readonly joined: boolean;
}

/**
 * The profile's challenge list: every challenge it has joined (ended ones included, their
 * results stay readable) plus every challenge it can still join within the window; PRIVATE
 * challenges it is not in never appear. Ordered by start, then id.
 */
export function challengesForProfile(
  challenges: readonly Challenge[],
  memberOf: ReadonlySet<string>,
  at: Date,
  window: ProfileChallengeWindow = {},
): ProfileChallengeEntry[] {
  const from = (window.from ?? at).getTime();
  const to = window.to?.getTime() ?? null;
  const endedAfter = window.endedAfter?.getTime() ?? null;
  return challenges
    .map((challenge) => ({ challenge, joined: memberOf.has(challenge.id) }))
    .filter(({ challenge }) => endedAfter === null || challenge.end.getTime() > endedAfter)
    .filter(
      ({ challenge, joined }) =>
        joined ||
        (canSelfJoin(challenge, false, at) && challenge.end.getTime() > from && (to === null || challenge.start.getTime() < to)),
    )
    .sort(
      (a, b) =>
        a.challenge.start.getTime() - b.challenge.start.getTime() || (a.challenge.id < b.challenge.id ? -1 : 1),
    );
}

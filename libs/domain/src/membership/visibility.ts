import { Challenge } from '../challenge/challenge';

/**
 * PUBLIC challenges are visible to every profile of the app; PRIVATE ones only to
 * their members (an administrator's add is the pre-enrolment that makes one visible).
 */
export function isChallengeVisibleTo(challenge: Challenge, isMember: boolean): boolean {
  return challenge.visibility === 'PUBLIC' || isMember;
}

/** Whether the profile could join by itself at `at` (the self-service join button). */
export function canSelfJoin(challenge: Challenge, isMember: boolean, at: Date): boolean {
  return !isMember && challenge.visibility === 'PUBLIC' && at.getTime() < challenge.end.getTime();
}

export interface ProfileChallengeEntry {
  readonly challenge: Challenge;
  readonly joined: boolean;
}

/**
 * The profile's challenge list: every challenge it has joined (ended ones included, their
 * results stay readable) plus every challenge it can still join; PRIVATE challenges it is
 * not in never appear. Ordered by start, then id.
 */
export function challengesForProfile(
  challenges: readonly Challenge[],
  memberOf: ReadonlySet<string>,
  at: Date,
): ProfileChallengeEntry[] {
  return challenges
    .map((challenge) => ({ challenge, joined: memberOf.has(challenge.id) }))
    .filter((entry) => entry.joined || canSelfJoin(entry.challenge, false, at))
    .sort(
      (a, b) =>
        a.challenge.start.getTime() - b.challenge.start.getTime() || (a.challenge.id < b.challenge.id ? -1 : 1),
    );
}

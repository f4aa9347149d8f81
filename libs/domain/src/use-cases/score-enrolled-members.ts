import { Challenge } from '../challenge/challenge';
import { ChallengeMember } from '../membership/challenge-member';
import { ChallengeRepository } from '../ports/challenge-repository';
import { Clock } from '../ports/clock';
import { MemberRescorer } from '../ports/member-rescorer';
import { JobRequest } from '../jobs/job';

/**
 * Scores members just enrolled (all their data between start and end counts, whenever they
 * joined), one rescore per challenge. Shared by the use cases that enroll as a side effect.
 */
export async function scoreEnrolledMembers(
  rescorer: MemberRescorer,
  challenges: ChallengeRepository,
  appId: string,
  enrolled: readonly ChallengeMember[],
): Promise<void> {
  const byChallenge = new Map<string, string[]>();
  for (const member of enrolled) byChallenge.set(member.challengeId, [...(byChallenge.get(member.challengeId) ?? []), member.profileId]);
  for (const [challengeId, profileIds] of byChallenge) {
    const challenge = await challenges.findById(appId, challengeId);
    if (challenge) await rescorer.rescoreMembers(challenge, profileIds);
  }
}

/** AUTOMATIC and not ended: the job that enrolls every profile of the app not opted out, then scores them. */
export function enrollmentJobFor(challenge: Challenge, clock: Clock): JobRequest | null {
  if (challenge.enrollmentMethod !== 'AUTOMATIC' || clock.now().getTime() >= challenge.end.getTime()) return null;
  return { type: 'challenge.enroll_automatic', appId: challenge.appId, challengeId: challenge.id };
}

import { Challenge } from '../challenge/challenge';
import { ChallengeMember } from '../membership/challenge-member';
import { ChallengeRepository } from '../ports/challenge-repository';
import { Clock } from '../ports/clock';
import { MemberRescorer } from '../ports/member-rescorer';
import { EnrollAutomaticMembersUseCase } from './enroll-automatic-members.use-case';

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

/** AUTOMATIC and not ended: every profile of the app not opted out becomes a member, then is scored. */
export async function enrollEveryone(
  challenge: Challenge,
  enrollAutomatic: EnrollAutomaticMembersUseCase,
  rescorer: MemberRescorer,
  clock: Clock,
): Promise<void> {
  if (challenge.enrollmentMethod !== 'AUTOMATIC' || clock.now().getTime() >= challenge.end.getTime()) return;
  const result = await enrollAutomatic.execute({ appId: challenge.appId, challengeId: challenge.id });
  if (result.enrolled.length > 0) await rescorer.rescoreMembers(challenge, result.enrolled.map((member) => member.profileId));
}

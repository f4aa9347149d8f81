import { ChallengeRepository, EnrollAutomaticMembersUseCase, MemberRescorer } from '@strive/domain';
import { JobHandler } from './job-handler';

/** challenge.enroll_automatic: every profile of the app enrolled in an AUTOMATIC challenge, the new members scored. */
export const challengeEnrollAutomaticJob = (
  challenges: ChallengeRepository,
  enroll: EnrollAutomaticMembersUseCase,
  rescorer: MemberRescorer,
): JobHandler<'challenge.enroll_automatic'> => ({
  type: 'challenge.enroll_automatic',
  run: async (job) => {
    const challenge = await challenges.findById(job.appId, job.challengeId);
    if (!challenge) return;
    const { enrolled } = await enroll.execute({ appId: job.appId, challengeId: job.challengeId });
    await rescorer.rescoreMembers(challenge, enrolled.map((member) => member.profileId));
  },
});

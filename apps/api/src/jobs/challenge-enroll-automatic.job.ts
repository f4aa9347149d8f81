import { ChallengeRepository, EnrollAutomaticMembersUseCase, MemberRescorer } from '@strive/domain';
import { JobHandler } from './job-handler';

/**
 * challenge.enroll_automatic: every profile of the app enrolled in an AUTOMATIC challenge, then
 * every member scored (not only the new ones: a retry after a failed scoring enrolls nobody new).
 */
export const challengeEnrollAutomaticJob = (
  challenges: ChallengeRepository,
  enroll: EnrollAutomaticMembersUseCase,
  rescorer: MemberRescorer,
): JobHandler<'challenge.enroll_automatic'> => ({
  type: 'challenge.enroll_automatic',
  run: async (job) => {
    const challenge = await challenges.findById(job.appId, job.challengeId);
    // Deleted, or turned MANUAL since: nothing to enroll.
    if (!challenge || challenge.enrollmentMethod !== 'AUTOMATIC') return;
    await enroll.execute({ appId: job.appId, challengeId: job.challengeId });
    await rescorer.rescoreMembers(challenge);
  },
});

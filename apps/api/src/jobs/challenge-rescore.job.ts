import { ChallengeRepository, RescoreChallengeMembersUseCase } from '@strive/domain';
import { StriveMetrics } from '../metrics/strive-metrics';
import { JobHandler } from './job-handler';

/** challenge.rescore: every member of a challenge scored again from their records (a deleted challenge: nothing to do). */
export const challengeRescoreJob = (
  challenges: ChallengeRepository,
  useCase: RescoreChallengeMembersUseCase,
  metrics: StriveMetrics,
): JobHandler<'challenge.rescore'> => ({
  type: 'challenge.rescore',
  run: async (job) => {
    const challenge = await challenges.findById(job.appId, job.challengeId);
    if (!challenge) return;
    const stop = metrics.rescoreDuration.startTimer({ trigger: 'job.challenge_rescore' });
    try {
      await useCase.execute({ challenge });
    } finally {
      stop();
    }
  },
});

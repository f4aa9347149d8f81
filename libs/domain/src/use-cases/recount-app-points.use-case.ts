import { Clock } from '../ports/clock';
import { ChallengeRepository } from '../ports/challenge-repository';
import { JobQueue } from '../ports/job-queue';
import { ProfileRepository } from '../ports/profile-repository';
import { profileTurn, UnitOfWork } from '../ports/unit-of-work';
import { isRescorable } from './rescore-member.use-case';
import { RefreshProfilePointsUseCase } from './refresh-profile-points.use-case';

const PAGE = 100;

/**
 * The points.recount job, after PUT app/points/: recounts every profile's points ledger and
 * total_points under the new definition (each profile in its own transaction, taking turns with
 * its uploads), then asks for the rescoring of every POINTS challenge still taking data. Answers
 * how many profiles were recounted.
 */
export class RecountAppPointsUseCase {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly profiles: ProfileRepository,
    private readonly challenges: ChallengeRepository,
    private readonly jobs: JobQueue,
    private readonly ledger: RefreshProfilePointsUseCase,
    private readonly clock: Clock,
  ) {}

  async execute(input: { readonly appId: string }): Promise<number> {
    const { appId } = input;
    let recounted = 0;
    for (let offset = 0; ; offset += PAGE) {
      const page = await this.profiles.list({ appId, ordering: { field: 'created', descending: false }, limit: PAGE, offset });
      for (const profile of page.items) {
        await this.unitOfWork.run(async (ports) => {
          await ports.takeTurn(profileTurn(profile.id));
          await this.ledger.recountAll(ports, appId, profile.id);
        });
      }
      recounted += page.items.length;
      if (page.items.length < PAGE) break;
    }
    const now = this.clock.now();
    for (const challenge of await this.challenges.listByApp(appId)) {
      if (challenge.goalType === 'POINTS' && isRescorable(challenge, now)) {
        await this.jobs.enqueue({ type: 'challenge.rescore', appId, challengeId: challenge.id });
      }
    }
    return recounted;
  }
}

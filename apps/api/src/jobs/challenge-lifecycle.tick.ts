import { AnnounceChallengeLifecycleUseCase, Clock } from '@strive/domain';
import { EntityManager } from 'typeorm';
import { TypeOrmUnitOfWork } from '../persistence/unit-of-work/typeorm-unit-of-work';
import { Tick } from './job-handler';

/** Writes challenge_start and challenge_end to the outbox when their time has come (once each). */
export class ChallengeLifecycleTick implements Tick {
  readonly name = 'challenge-lifecycle';

  constructor(
    private readonly unitOfWork: TypeOrmUnitOfWork,
    private readonly clock: Clock,
  ) {}

  run(manager: EntityManager): Promise<number> {
    return new AnnounceChallengeLifecycleUseCase(this.unitOfWork.joining(manager), this.clock).execute();
  }
}

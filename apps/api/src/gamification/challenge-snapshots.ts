import { Injectable } from '@nestjs/common';
import { ChallengeSnapshot, findChallengeSnapshots } from '../persistence/gamification/typeorm-challenge.repository';
import { batchedReads } from '../persistence/shared/batched-reads';
import { PreparedReads } from '../persistence/shared/prepared-reads';

/**
 * Challenge rows with their leaderboard versions for leaderboard requests: read for every request
 * waiting at the time in one statement (batchedReads), prepared on a connection of its own
 * (PreparedReads). A request sees every write committed before it came, as with a query of its
 * own, at a fraction of the cost.
 */
@Injectable()
export class ChallengeSnapshots {
  private readonly byId: (challengeId: string) => Promise<ChallengeSnapshot | null>;

  constructor(db: PreparedReads) {
    this.byId = batchedReads(async (ids) => new Map((await findChallengeSnapshots(db, ids)).map((s) => [s.challenge.id, s])));
  }

  /** The challenge of this app (null: none, or another app's), as of a read started after this call. */
  async read(appId: string, challengeId: string): Promise<ChallengeSnapshot | null> {
    const snapshot = await this.byId(challengeId);
    return snapshot?.challenge.appId === appId ? snapshot : null;
  }
}

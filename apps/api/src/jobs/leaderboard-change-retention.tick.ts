import { EntityManager } from 'typeorm';
import { pruneLeaderboardChanges } from '../persistence/gamification/typeorm-leaderboard-changes';
import { Tick } from './job-handler';

/**
 * leaderboard_change rows are kept this long: cached rankings are caught up every second while
 * they are read, and one that fell further behind is rebuilt (its log is incomplete).
 */
export const KEEP_LEADERBOARD_CHANGES_MINUTES = 10;

/** Forgets leaderboard changes past their keep time. */
export class LeaderboardChangeRetentionTick implements Tick {
  readonly name = 'leaderboard-change-retention';

  async run(manager: EntityManager): Promise<void> {
    await pruneLeaderboardChanges(manager, KEEP_LEADERBOARD_CHANGES_MINUTES);
  }
}

import { Challenge } from '../challenge/challenge';
import { ActivityHistory } from './activity-history';
import { ScoreRepository } from './score-repository';

/** The periods (and the local dates and instants they cover) that a batch rescoring reads. */
export interface ScoringSpan {
  readonly firstIndex: number;
  readonly lastIndex: number;
  readonly firstDate: string;
  readonly lastDate: string;
  readonly from: Date;
  readonly to: Date;
}

/**
 * What a batch of members' rescoring reads: their de-duplicated activity, and their stored scores
 * from the period before the span's first (its repetition state) to the challenge's last (the
 * later periods' states are carried on when a rescore changes them).
 */
export interface ScoringBatch {
  readonly history: ActivityHistory;
  readonly scores: Pick<ScoreRepository, 'findForMember'>;
}

/**
 * Reads the activity and stored scores of many members of a challenge at once (a few queries a
 * batch instead of several per member), for rescoring whole challenges.
 */
export interface ScoringBatchReader {
  read(challenge: Challenge, profileIds: readonly string[], span: ScoringSpan): Promise<ScoringBatch>;
}

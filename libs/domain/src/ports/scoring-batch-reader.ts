import { Challenge } from '../challenge/challenge';
import { ChallengeMember } from '../membership/challenge-member';
import { ActivityHistory } from './activity-history';
import { ActivityRepository } from './activity-repository';
import { MemberPeriodScore } from '../challenge/member-period-score';

/** The periods (and the local dates and instants they cover) that a batch rescoring reads. */
export interface ScoringSpan {
  readonly firstIndex: number;
  readonly lastIndex: number;
  readonly firstDate: string;
  readonly lastDate: string;
  readonly from: Date;
  readonly to: Date;
}

/** Stored scores a batch read, in memory. */
export interface StoredScores {
  /** The member's stored scores of periods firstIndex..lastIndex (both included; default: every one read), by period. */
  findForMember(challengeId: string, profileId: string, firstIndex?: number, lastIndex?: number): readonly MemberPeriodScore[];
}

/**
 * What a batch of members' rescoring reads, read before it is scored: their de-duplicated
 * activity, and their stored scores of the periods storedPeriodsRead names: the span's, and where
 * the challenge keeps repetition states (keepsRepetitionState) also the period before (its state)
 * and every later one (states are carried on when a rescore changes them).
 */
export interface ScoringBatch {
  readonly history: ActivityHistory;
  readonly scores: StoredScores;
}

/** A challenge a profile is a member of, with that membership. */
export interface EnrolledChallenge {
  readonly challenge: Challenge;
  readonly member: ChallengeMember;
}

/**
 * What one profile's rescoring in several challenges reads at once (the live path): the union of
 * what each challenge needs.
 */
export interface ProfileScoringRequest {
  /** Daily summaries of these local dates (both included); null: none. */
  readonly dates: { readonly first: string; readonly last: string } | null;
  /** Workouts starting in [from, to), and their possible duplicates the look-behind before; null: none. */
  readonly workouts: { readonly from: Date; readonly to: Date } | null;
  /** Points events in [from, to). */
  readonly events: { readonly from: Date; readonly to: Date };
  /** Stored scores of periods firstIndex..lastIndex (both included) of each challenge. */
  readonly scores: readonly { readonly challengeId: string; readonly firstIndex: number; readonly lastIndex: number }[];
}

/**
 * What readProfile read: the batch, and the raw records behind its history (every source, as
 * ActivityRepository answers them, within the request's dates and workouts' span), so that the
 * change's points are counted from the same read (ScoreQueuedChangesUseCase).
 */
export interface ProfileScoringBatch extends ScoringBatch {
  readonly records: Pick<ActivityRepository, 'listDailySummaries' | 'listWorkouts'>;
}

/**
 * Reads the activity and stored scores of many members of a challenge at once (a few queries a
 * batch instead of several per member), for rescoring whole challenges; and, for the live path,
 * one profile's challenges and what rescoring them reads (a few queries an upload instead of
 * several per challenge).
 */
export interface ScoringBatchReader {
  read(challenge: Challenge, profileIds: readonly string[], span: ScoringSpan): Promise<ScoringBatch>;
  /** The challenges of the app this profile is a member of, with its membership (one read). */
  enrolledChallenges(appId: string, profileId: string): Promise<EnrolledChallenge[]>;
  /** The profile's de-duplicated activity and stored scores that the request names. */
  readProfile(appId: string, profileId: string, request: ProfileScoringRequest): Promise<ProfileScoringBatch>;
}

import { Challenge } from '../challenge/challenge';

/** Challenges, always read within one app (another app's challenge does not exist). */
export interface ChallengeRepository {
  findById(appId: string, challengeId: string): Promise<Challenge | null>;
  /** Every challenge of the app, ended ones included. */
  listByApp(appId: string): Promise<Challenge[]>;
  save(challenge: Challenge): Promise<void>;
  /** Deletes the challenge with its members and scores. */
  delete(appId: string, challengeId: string): Promise<void>;
}

import { Profile, ProfileOrdering } from '../identity/profile';

export interface ProfileQuery {
  readonly appId: string;
  /** Case-insensitive substring of name or reference. */
  readonly search?: string;
  /** Restricts the list to one profile (a profile bearer sees only itself). */
  readonly onlyId?: string;
  readonly ordering: ProfileOrdering;
  readonly limit: number;
  readonly offset: number;
}

export interface ProfilePage {
  readonly count: number;
  readonly items: readonly Profile[];
}

export interface ProfileRepository {
  /** Stores a new profile together with the digest of its bearer. */
  create(profile: Profile, bearerDigest: string): Promise<void>;
  update(profile: Profile): Promise<void>;
  /** Stores a freshly computed total_points (update() leaves it alone: it changes only through points). */
  setTotalPoints(appId: string, id: string, totalPoints: number): Promise<void>;
  /** The profile if it belongs to the app, else null: other apps' profiles do not exist. */
  findInApp(appId: string, id: string): Promise<Profile | null>;
  findByBearerDigest(digest: string): Promise<Profile | null>;
  list(query: ProfileQuery): Promise<ProfilePage>;
  /**
   * Deletes the profile with its derived rows (points days, challenge scores), in the profile's
   * turn (profileTurn): a writer of its scores that holds the turn commits first and its rows go too.
   */
  delete(appId: string, id: string): Promise<void>;
  /** Those of the ids that are profiles of the app (any order). */
  findExistingIds(appId: string, ids: readonly string[]): Promise<string[]>;
}

import { Profile, ProfileOrderField } from '../src/identity/profile';
import { ProfilePage, ProfileQuery, ProfileRepository } from '../src/ports/profile-repository';

const sortKey: Record<ProfileOrderField, (p: Profile) => string | number | null> = {
  name: (p) => p.name,
  reference: (p) => p.reference,
  gender: (p) => p.gender,
  created: (p) => p.createdAt.getTime(),
  total_points: (p) => p.totalPoints,
};

/** Rows by (app, id), the table's primary key. */
const keyOf = (appId: string, id: string) => `${appId}\u0000${id}`;

export class InMemoryProfileRepository implements ProfileRepository {
  readonly profiles = new Map<string, { profile: Profile; bearerDigest: string }>();

  async create(profile: Profile, bearerDigest: string): Promise<void> {
    this.profiles.set(keyOf(profile.appId, profile.id), { profile, bearerDigest });
  }

  /** As the table does: total_points and created_at are not written by update(). */
  async update(profile: Profile): Promise<void> {
    const key = keyOf(profile.appId, profile.id);
    const row = this.profiles.get(key);
    if (row) this.profiles.set(key, { ...row, profile: { ...profile, totalPoints: row.profile.totalPoints, createdAt: row.profile.createdAt } });
  }

  async setTotalPoints(appId: string, id: string, totalPoints: number): Promise<void> {
    const row = this.profiles.get(keyOf(appId, id));
    if (row) this.profiles.set(keyOf(appId, id), { ...row, profile: { ...row.profile, totalPoints } });
  }

  async findInApp(appId: string, id: string): Promise<Profile | null> {
    return this.profiles.get(keyOf(appId, id))?.profile ?? null;
  }

  async findByBearerDigest(digest: string): Promise<Profile | null> {
    return [...this.profiles.values()].find((row) => row.bearerDigest === digest)?.profile ?? null;
  }

  async list(query: ProfileQuery): Promise<ProfilePage> {
    const needle = query.search?.toLowerCase();
    const key = sortKey[query.ordering.field];
    const direction = query.ordering.descending ? -1 : 1;
    const matching = [...this.profiles.values()]
      .map((row) => row.profile)
      .filter((p) => p.appId === query.appId)
      .filter((p) => query.onlyId === undefined || p.id === query.onlyId)
      .filter((p) => !needle || p.name.toLowerCase().includes(needle) || p.reference.toLowerCase().includes(needle))
      .sort((a, b) => compareNullsLast(key(a), key(b), direction) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    return { count: matching.length, items: matching.slice(query.offset, query.offset + query.limit) };
  }

  async delete(appId: string, id: string): Promise<void> {
    this.profiles.delete(keyOf(appId, id));
  }

  async findExistingIds(appId: string, ids: readonly string[]): Promise<string[]> {
    return [...new Set(ids)].filter((id) => this.profiles.has(keyOf(appId, id)));
  }
}

/** ORDER BY value ASC|DESC NULLS LAST, as the SQL adapter sorts. */
function compareNullsLast(a: string | number | null, b: string | number | null, direction: number): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return a < b ? -direction : a > b ? direction : 0;
}

import { Db, Row } from '../shared/db';

/** The first and last of some profile ids, as PostgreSQL orders uuids (lower-case text). */
export interface IdRange {
  readonly first: string;
  readonly last: string;
}

/** Below this many members a batch's scores are probed member by member (an upload's one profile, a few new members). */
const RANGE_READ_MEMBERS = 32;

/**
 * The dense id ranges (denseRange) one transaction has counted, by challenge: a rescoring batch's
 * reader counts its members' range, and the write of those members' scores, whose range lies
 * within it, need not count again. Counted before the write, a range may have gained members
 * since: that only changes how the rows are read, never which.
 */
export class CountedRanges {
  private readonly ranges = new Map<string, { readonly range: IdRange; readonly members: number }>();

  /** Whether the challenge's members in `range` are known to be at most `most`. */
  holds(challengeId: string, range: IdRange, most: number): boolean {
    const counted = this.ranges.get(challengeId);
    return counted !== undefined && counted.range.first <= range.first && range.last <= counted.range.last && counted.members <= most;
  }

  record(challengeId: string, range: IdRange, members: number): void {
    this.ranges.set(challengeId, { range, members });
  }
}

/**
 * The id range of `profileIds` (members of challenge `challengeId`) when their scores are best
 * read by that range, one scan per period, instead of one probe per member and period: when they
 * are many and at least half of the challenge's members in the range (a rescoring batch of
 * neighbouring ids: RescoreChallengeMembersUseCase takes members in id order). A 30-period batch of 700 members
 * probed the key 21,000 times (2.4 us each: 15 s of a 100,000-member whole challenge's PostgreSQL
 * time, docs/benchmarks.md "Twenty-ninth session"). The range may hold other members' rows:
 * readers look rows up by member, so those are never used. `counted`: the transaction's ranges
 * counted before (a range within one of them needs no count).
 */
export async function denseRange(db: Db, challengeId: string, profileIds: readonly string[], counted?: CountedRanges): Promise<IdRange | null> {
  if (profileIds.length < RANGE_READ_MEMBERS) return null;
  // Compared as PostgreSQL orders uuids: by their bytes, which lower-case hex text keeps.
  let [first, last] = [profileIds[0].toLowerCase(), profileIds[0].toLowerCase()];
  for (const id of profileIds) {
    const text = id.toLowerCase();
    if (text < first) first = text;
    if (text > last) last = text;
  }
  // The challenge's members in the range, counted up to the most a dense range may hold (the primary key's range).
  const most = 2 * profileIds.length;
  if (counted?.holds(challengeId, { first, last }, most)) return { first, last };
  const [row]: Row[] = await db.query(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM challenge_member
       WHERE app_id = (SELECT app_id FROM challenge WHERE id = $1) AND challenge_id = $1 AND profile_id BETWEEN $2 AND $3 LIMIT $4) m`,
    [challengeId, first, last, most + 1],
  );
  if (Number(row.n) > most) return null;
  counted?.record(challengeId, { first, last }, Number(row.n));
  return { first, last };
}

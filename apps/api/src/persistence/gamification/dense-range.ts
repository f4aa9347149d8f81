import { Db, Row } from '../shared/db';

/** The first and last of some profile ids, as PostgreSQL orders uuids (lower-case text). */
export interface IdRange {
  readonly first: string;
  readonly last: string;
}

/**
 * A dense range (denseRange). `ofApp`: the app's profiles in it, not only the challenge's
 * members, are dense too, so that what is kept per profile (records) is best read by the range as
 * well; a challenge of some of an app's profiles has other profiles between its members.
 */
export interface DenseRange extends IdRange {
  readonly ofApp: boolean;
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
  private readonly ranges = new Map<string, { readonly range: DenseRange; readonly members: number }>();

  /** The counted range holding `range` when the challenge's members in it are known to be at most `most`. */
  holding(challengeId: string, range: IdRange, most: number): DenseRange | undefined {
    const counted = this.ranges.get(challengeId);
    const holds = counted !== undefined && counted.range.first <= range.first && range.last <= counted.range.last && counted.members <= most;
    return holds ? counted.range : undefined;
  }

  record(challengeId: string, range: DenseRange, members: number): void {
    this.ranges.set(challengeId, { range, members });
  }
}

/** Counts the rows of `from` (SQL naming the rows of the challenge $1's app with profile ids between $2 and $3), up to $4. */
const COUNT_UP_TO = (from: string) => `SELECT count(*)::int AS n FROM (SELECT 1 FROM ${from} LIMIT $4) r`;
const APP = '(SELECT app_id FROM challenge WHERE id = $1)';
const APP_PROFILES = COUNT_UP_TO(`profile WHERE app_id = ${APP} AND id BETWEEN $2 AND $3`);
const CHALLENGE_MEMBERS = COUNT_UP_TO(`challenge_member WHERE app_id = ${APP} AND challenge_id = $1 AND profile_id BETWEEN $2 AND $3`);

/**
 * The id range of `profileIds` (members of challenge `challengeId`) when their scores are best
 * read by that range, one scan per period, instead of one probe per member and period: when they
 * are many and at least half of the challenge's members in the range (a rescoring batch of
 * neighbouring ids: RescoreChallengeMembersUseCase takes members in id order). A 30-period batch of 700 members
 * probed the key 21,000 times (2.4 us each: 15 s of a 100,000-member whole challenge's PostgreSQL
 * time, docs/benchmarks.md "Twenty-ninth session"). The range may hold other members' rows:
 * readers look rows up by member, so those are never used. The app's profiles in the range are
 * counted first: when they are dense, so are the members among them (one count); else the members
 * are counted. `counted`: the transaction's ranges counted before (a range within one of them
 * needs no count).
 */
export async function denseRange(db: Db, challengeId: string, profileIds: readonly string[], counted?: CountedRanges): Promise<DenseRange | null> {
  if (profileIds.length < RANGE_READ_MEMBERS) return null;
  // Compared as PostgreSQL orders uuids: by their bytes, which lower-case hex text keeps.
  let [first, last] = [profileIds[0].toLowerCase(), profileIds[0].toLowerCase()];
  for (const id of profileIds) {
    const text = id.toLowerCase();
    if (text < first) first = text;
    if (text > last) last = text;
  }
  // Counted up to the most a dense range may hold.
  const most = 2 * profileIds.length;
  const known = counted?.holding(challengeId, { first, last }, most);
  if (known) return { first, last, ofApp: known.ofApp };
  const count = async (sql: string) => Number(((await db.query(sql, [challengeId, first, last, most + 1])) as Row[])[0].n);
  const profiles = await count(APP_PROFILES);
  const ofApp = profiles <= most;
  const members = ofApp ? profiles : await count(CHALLENGE_MEMBERS);
  if (members > most) return null;
  const range = { first, last, ofApp };
  counted?.record(challengeId, range, members);
  return range;
}

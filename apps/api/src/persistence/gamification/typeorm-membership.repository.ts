import { ChallengeMember, InactiveInterval, isActiveMember, MembershipRepository } from '@strive/domain';
import { atomically, changedMembers, Db, epochMs, fromEpochMs, recordLeaderboardChanges, Row, toDate } from '../shared/db';
import { memberRows, TOTALS } from './typeorm-score.repository';

/** Shared by every member without inactive intervals (most of them): 100,000 members, one array. */
const NO_INTERVALS: readonly InactiveInterval[] = Object.freeze([]);

export function toMember(row: Row): ChallengeMember {
  const intervals = (row.inactive_intervals as { from: string; to: string | null }[]) ?? [];
  return {
    challengeId: row.challenge_id as string,
    profileId: row.profile_id as string,
    teamId: (row.team_id as string | null) ?? null,
    joinedAt: row.joined_ms !== undefined ? fromEpochMs(row.joined_ms) : toDate(row.joined_at),
    inactiveIntervals:
      intervals.length === 0 ? NO_INTERVALS : intervals.map((i) => ({ from: new Date(i.from), to: i.to === null ? null : new Date(i.to) })),
  };
}

const COLUMNS = 'challenge_id, profile_id, team_id, joined_at, inactive_intervals';

/** COLUMNS for lists of many members: the joining instant as epoch milliseconds, no intervals as null (no JSON to parse). */
const LISTED = `challenge_id, profile_id, team_id, ${epochMs('joined_at', 'joined_ms')},
  CASE WHEN inactive_intervals = '[]'::jsonb THEN NULL ELSE inactive_intervals END AS inactive_intervals`;

/** challenge_member and challenge_opt_out; app_id is taken from the challenge row. */
export class TypeOrmMembershipRepository implements MembershipRepository {
  constructor(private readonly db: Db) {}

  async find(challengeId: string, profileId: string): Promise<ChallengeMember | null> {
    const rows: Row[] = await this.db.query(
      `SELECT ${COLUMNS} FROM challenge_member WHERE challenge_id = $1 AND profile_id = $2`,
      [challengeId, profileId],
    );
    return rows.length > 0 ? toMember(rows[0]) : null;
  }

  async findMany(challengeId: string, profileIds: readonly string[]): Promise<ChallengeMember[]> {
    if (profileIds.length === 0) return [];
    const rows: Row[] = await this.db.query(
      `SELECT ${COLUMNS} FROM challenge_member WHERE challenge_id = $1 AND profile_id = ANY($2::uuid[])`,
      [challengeId, [...profileIds]],
    );
    return rows.map(toMember);
  }

  async listByChallenge(challengeId: string): Promise<ChallengeMember[]> {
    const rows: Row[] = await this.db.query(`SELECT ${LISTED} FROM challenge_member WHERE challenge_id = $1 ORDER BY joined_at, profile_id`, [challengeId]);
    return rows.map(toMember);
  }

  /** Along the primary key (app_id, challenge_id, profile_id): a page costs its own rows, wherever it starts. */
  async listPageByChallenge(challengeId: string, after: string | null, limit: number): Promise<ChallengeMember[]> {
    const rows: Row[] = await this.db.query(
      `SELECT ${LISTED} FROM challenge_member
       WHERE app_id = (SELECT app_id FROM challenge WHERE id = $1) AND challenge_id = $1${after === null ? '' : ' AND profile_id > $3'}
       ORDER BY profile_id LIMIT $2`,
      [challengeId, limit, ...(after === null ? [] : [after])],
    );
    return rows.map(toMember);
  }

  async listByProfile(profileId: string): Promise<ChallengeMember[]> {
    const rows: Row[] = await this.db.query(`SELECT ${COLUMNS} FROM challenge_member WHERE profile_id = $1`, [profileId]);
    return rows.map(toMember);
  }

  async countByTeam(teamId: string): Promise<number> {
    const [row] = await this.db.query('SELECT count(*)::int AS n FROM challenge_member WHERE team_id = $1', [teamId]);
    return row.n;
  }

  async addAllIfAbsent(members: readonly ChallengeMember[], options: { readonly skipOptedOut?: boolean } = {}): Promise<ChallengeMember[]> {
    if (members.length === 0) return [];
    return atomically(this.db, async (db) => {
      // ON CONFLICT DO NOTHING RETURNING: a row comes back only for the members this statement inserted.
      const rows: Row[] = await db.query(
        `INSERT INTO challenge_member (app_id, challenge_id, profile_id, team_id, joined_at, inactive_intervals, is_active, ${TOTALS.join(', ')})
         SELECT c.app_id, m.challenge_id, m.profile_id, m.team_id, m.joined_at, m.inactive_intervals, m.is_active, ${TOTALS.map((t) => `kept.${t}`).join(', ')}
         FROM json_to_recordset($1::json) AS m(challenge_id uuid, profile_id uuid, team_id uuid, joined_at timestamptz,
              inactive_intervals jsonb, is_active boolean)
         JOIN challenge c ON c.id = m.challenge_id
         -- A member back in a challenge finds the scores it kept when it left (their sums: see TypeOrmScoreRepository.saveMany).
         CROSS JOIN LATERAL (SELECT ${TOTALS.map((t) => `coalesce(sum(t.${t}::numeric), 0) AS ${t}`).join(', ')}
                             FROM ${memberRows('c.app_id', 'm.challenge_id', 'm.profile_id')}) kept
         WHERE NOT $2::boolean
            OR NOT EXISTS (SELECT 1 FROM challenge_opt_out o WHERE o.challenge_id = m.challenge_id AND o.profile_id = m.profile_id)
         ON CONFLICT (app_id, challenge_id, profile_id) DO NOTHING
         RETURNING challenge_id, profile_id`,
        [membersJson(members), options.skipOptedOut === true],
      );
      if (rows.length === 0) return [];
      const inserted = new Set(rows.map((row) => `${row.challenge_id}:${row.profile_id}`));
      const added = members.filter((m) => inserted.has(`${m.challengeId}:${m.profileId}`));
      await db.query(
        `DELETE FROM challenge_opt_out o USING json_to_recordset($1::json) AS m(challenge_id uuid, profile_id uuid)
         WHERE o.challenge_id = m.challenge_id AND o.profile_id = m.profile_id`,
        [membersJson(added)],
      );
      await recordLeaderboardChanges(db, changedMembers(added));
      return added;
    });
  }

  async updateAll(members: readonly ChallengeMember[]): Promise<void> {
    if (members.length === 0) return;
    await atomically(this.db, async (db) => {
      await db.query(
        `UPDATE challenge_member cm SET team_id = m.team_id, joined_at = m.joined_at, inactive_intervals = m.inactive_intervals,
           is_active = m.is_active
         FROM json_to_recordset($1::json) AS m(challenge_id uuid, profile_id uuid, team_id uuid, joined_at timestamptz,
              inactive_intervals jsonb, is_active boolean)
         WHERE cm.challenge_id = m.challenge_id AND cm.profile_id = m.profile_id`,
        [membersJson(members)],
      );
      await recordLeaderboardChanges(db, changedMembers(members));
    });
  }

  async removeAll(challengeId: string, profileIds: readonly string[], optOut: boolean): Promise<void> {
    if (profileIds.length === 0) return;
    await atomically(this.db, async (db) => {
      await db.query('DELETE FROM challenge_member WHERE challenge_id = $1 AND profile_id = ANY($2::uuid[])', [challengeId, profileIds]);
      await recordLeaderboardChanges(db, new Map([[challengeId, { profileIds }]]));
      if (optOut) {
        await db.query(
          `INSERT INTO challenge_opt_out (app_id, challenge_id, profile_id)
           SELECT c.app_id, c.id, p FROM challenge c, unnest($2::uuid[]) AS p WHERE c.id = $1
           ON CONFLICT DO NOTHING`,
          [challengeId, profileIds],
        );
      }
    });
  }

  async listOptedOut(challengeId: string): Promise<string[]> {
    const rows: Row[] = await this.db.query('SELECT profile_id FROM challenge_opt_out WHERE challenge_id = $1', [challengeId]);
    return rows.map((row) => row.profile_id as string);
  }
}

/** Members as one JSON document for json_to_recordset (one parameter whatever their number). */
function membersJson(members: readonly ChallengeMember[]): string {
  return JSON.stringify(
    members.map((m) => ({
      challenge_id: m.challengeId,
      profile_id: m.profileId,
      team_id: m.teamId,
      joined_at: m.joinedAt.toISOString(),
      inactive_intervals: m.inactiveIntervals.map((i) => ({ from: i.from.toISOString(), to: i.to?.toISOString() ?? null })),
      is_active: isActiveMember(m),
    })),
  );
}

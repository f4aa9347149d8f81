import { ConnectionAttempt, ConnectionAttemptRepository, Source } from '@strive/domain';
import { Db, Row, toDate } from '../shared/db';

function toAttempt(row: Row): ConnectionAttempt {
  return {
    appId: row.app_id as string, stateDigest: row.state_digest as string, profileId: row.profile_id as string, source: row.source as Source,
    codeVerifier: row.code_verifier as string, redirectUri: row.redirect_uri as string, redirect: (row.redirect as string | null) ?? null,
    redirectOnError: Boolean(row.redirect_on_error), createdAt: toDate(row.created_at), expiresAt: toDate(row.expires_at),
  };
}

/** Started connect flows; `consume` is one DELETE ... RETURNING, so two callbacks never both get one. */
export class TypeOrmConnectionAttemptRepository implements ConnectionAttemptRepository {
  constructor(private readonly db: Db) {}

  async save(a: ConnectionAttempt, keepPerProfile: number): Promise<void> {
    await this.db.query(
      `INSERT INTO connection_attempt (app_id, state_digest, profile_id, source, code_verifier, redirect_uri, redirect, redirect_on_error, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [a.appId, a.stateDigest, a.profileId, a.source, a.codeVerifier, a.redirectUri, a.redirect, a.redirectOnError, a.createdAt, a.expiresAt],
    );
    await this.db.query(
      `DELETE FROM connection_attempt WHERE app_id = $1 AND profile_id = $2 AND state_digest NOT IN
         (SELECT state_digest FROM connection_attempt WHERE app_id = $1 AND profile_id = $2 ORDER BY created_at DESC, state_digest DESC LIMIT $3)`,
      [a.appId, a.profileId, keepPerProfile],
    );
  }

  async consume(stateDigest: string, source: Source): Promise<ConnectionAttempt | null> {
    const rows: Row[] = await this.db.query(
      // (A CTE, so that the driver answers rows as for a SELECT.)
      `WITH consumed AS (DELETE FROM connection_attempt WHERE state_digest = $1 AND source = $2 RETURNING *) SELECT * FROM consumed`,
      [stateDigest, source],
    );
    return rows.length > 0 ? toAttempt(rows[0]) : null;
  }

  async deleteExpired(now: Date, limit: number): Promise<number> {
    const rows: Row[] = await this.db.query(
      `WITH gone AS (DELETE FROM connection_attempt WHERE (app_id, state_digest) IN
         (SELECT app_id, state_digest FROM connection_attempt WHERE expires_at < $1 ORDER BY expires_at LIMIT $2) RETURNING 1)
       SELECT count(*)::int AS n FROM gone`,
      [now, limit],
    );
    return Number(rows[0].n);
  }
}

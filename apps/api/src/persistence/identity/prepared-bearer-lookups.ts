import { Injectable } from '@nestjs/common';
import { AdminToken, AdminTokenRepository, Profile, ProfileRepository } from '@strive/domain';
import { batchedReads } from '../shared/batched-reads';
import { toDate } from '../shared/db';
import { PreparedReads } from '../shared/prepared-reads';
import { PROFILE_SELECT, profileOf } from './typeorm-profile.repository';

/**
 * The bearer lookups of AuthenticateBearerUseCase on a bearer-cache miss (an app's users come
 * back every few seconds each: thousands a second): the digests asked for meanwhile are read in
 * one prepared statement (batchedReads, PreparedReads) instead of a pooled query each.
 */
@Injectable()
export class PreparedBearerLookups implements Pick<ProfileRepository, 'findByBearerDigest'>, Pick<AdminTokenRepository, 'findByDigest'> {
  readonly findByBearerDigest: (digest: string) => Promise<Profile | null>;
  readonly findByDigest: (digest: string) => Promise<AdminToken | null>;

  constructor(db: PreparedReads) {
    this.findByBearerDigest = batchedReads(async (digests) => {
      const rows = await db.query(`${PROFILE_SELECT}, bearer_digest FROM profile WHERE bearer_digest = ANY($1::text[])`, [digests]);
      return new Map(rows.map((row) => [row.bearer_digest as string, profileOf(row)]));
    });
    this.findByDigest = batchedReads(async (digests) => {
      const rows = await db.query('SELECT token_digest, app_id, expires_at FROM admin_token WHERE token_digest = ANY($1::text[])', [digests]);
      return new Map(
        rows.map((row) => [row.token_digest as string, { digest: row.token_digest as string, appId: row.app_id as string, expiresAt: toDate(row.expires_at) }]),
      );
    });
  }
}

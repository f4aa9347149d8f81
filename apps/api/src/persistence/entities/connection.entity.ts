import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { ProfileEntity } from './profile.entity';

/**
 * A profile's link to a wearable vendor (docs/connections.md). Vendor tokens are stored only
 * sealed (AES-256-GCM, CONNECTION_TOKEN_KEY). Vendor notifications find their connections by
 * (source, vendor_user_id); the scheduler finds due ones by last_sync_at.
 */
@Entity({ name: 'connection' })
@Index('UQ_connection_profile_source', ['appId', 'profileId', 'source'], { unique: true })
@Index('IDX_connection_vendor_user', ['source', 'vendorUserId'], { where: 'vendor_user_id IS NOT NULL' })
@Index('IDX_connection_sync_due', ['lastSyncAt'], { where: "state IN ('connected', 'error') AND sealed_grant IS NOT NULL" })
export class ConnectionEntity {
  @PrimaryColumn('uuid', { name: 'app_id' })
  appId!: string;

  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'profile_id' })
  profileId!: string;

  @ManyToOne(() => ProfileEntity, { onDelete: 'CASCADE' })
  @JoinColumn([
    { name: 'app_id', referencedColumnName: 'appId' },
    { name: 'profile_id', referencedColumnName: 'id' },
  ])
  profile?: ProfileEntity;

  /** The vendor's source name (GARMIN, STRAVA, ...). */
  @Column('text')
  source!: string;

  /** pending, connected, error, revoked or disconnected. */
  @Column('text')
  state!: string;

  @Column('text', { name: 'vendor_user_id', nullable: true })
  vendorUserId!: string | null;

  /** The vendor grant (access and refresh tokens) sealed with AES-256-GCM; null without tokens. */
  @Column('text', { name: 'sealed_grant', nullable: true })
  sealedGrant!: string | null;

  @Column('timestamptz', { name: 'token_expires_at', nullable: true })
  tokenExpiresAt!: Date | null;

  /** not_synced, synced, retrying or failed. */
  @Column('text', { name: 'sync_state' })
  syncState!: string;

  @Column('timestamptz', { name: 'last_sync_at', nullable: true })
  lastSyncAt!: Date | null;

  @Column('timestamptz', { name: 'synced_until', nullable: true })
  syncedUntil!: Date | null;

  @Column('text', { name: 'last_error', nullable: true })
  lastError!: string | null;

  @Column('timestamptz', { name: 'created_at' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'updated_at' })
  updatedAt!: Date;
}

/**
 * A started connect flow, found by the SHA-256 digest of its OAuth state (single use, 10 minutes).
 * Deleted when its callback arrives or by the scheduler once expired.
 */
@Entity({ name: 'connection_attempt' })
@Index('UQ_connection_attempt_state', ['stateDigest'], { unique: true })
@Index('IDX_connection_attempt_expires', ['expiresAt'])
@Index('IDX_connection_attempt_profile', ['appId', 'profileId', 'createdAt'])
export class ConnectionAttemptEntity {
  @PrimaryColumn('uuid', { name: 'app_id' })
  appId!: string;

  @PrimaryColumn('text', { name: 'state_digest' })
  stateDigest!: string;

  @Column('uuid', { name: 'profile_id' })
  profileId!: string;

  @ManyToOne(() => ProfileEntity, { onDelete: 'CASCADE' })
  @JoinColumn([
    { name: 'app_id', referencedColumnName: 'appId' },
    { name: 'profile_id', referencedColumnName: 'id' },
  ])
  profile?: ProfileEntity;

  @Column('text')
  source!: string;

  @Column('text', { name: 'code_verifier' })
  codeVerifier!: string;

  @Column('text', { name: 'redirect_uri' })
  redirectUri!: string;

  @Column('text', { nullable: true })
  redirect!: string | null;

  @Column('boolean', { name: 'redirect_on_error' })
  redirectOnError!: boolean;

  @Column('timestamptz', { name: 'created_at' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'expires_at' })
  expiresAt!: Date;
}

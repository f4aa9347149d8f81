import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * Changes of a profile's activity whose points and challenge scores are due (docs/architecture.md
 * "The write path"): written by the write's transaction, deleted by the scoring worker's when it
 * has settled them, postponed (updated) after a failed scoring. Uploads only insert, so they never wait for
 * each other or the worker here. No foreign keys: a deleted profile's change scores nothing (it has no memberships).
 */
@Entity({ name: 'scoring_backlog' })
export class ScoringBacklogEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' })
  id!: string;

  @Column('uuid', { name: 'app_id' })
  appId!: string;

  @Column('uuid', { name: 'profile_id' })
  profileId!: string;

  /** The changed instants: [from_at, to_at). */
  @Column('timestamptz', { name: 'from_at' })
  fromAt!: Date;

  @Column('timestamptz', { name: 'to_at' })
  toAt!: Date;

  /** A stored record was replaced: the profile's points are recounted over its whole history. */
  @Column('boolean', { default: false })
  replaced!: boolean;

  @Column('timestamptz', { name: 'queued_at', default: () => 'now()' })
  queuedAt!: Date;

  /** Due from then: later after a failed scoring (the wait doubles with each of `attempts`). */
  @Column('timestamptz', { name: 'run_at', default: () => 'now()' })
  runAt!: Date;

  @Column('integer', { default: 0 })
  attempts!: number;

  @Column('text', { name: 'last_error', nullable: true })
  lastError!: string | null;
}

import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * Durable background work (docs/architecture.md "Jobs"). A worker claims due pending rows with
 * FOR UPDATE SKIP LOCKED, so several API processes share the work without running a job twice
 * at once; a failed run is retried with backoff until max_attempts, then kept as 'failed'.
 */
@Entity({ name: 'job' })
@Index('IDX_job_due', ['runAt'], { where: "status = 'pending'" })
@Index('UQ_job_pending_singleton', ['singletonKey'], { unique: true, where: "status = 'pending'" })
export class JobEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' })
  id!: string;

  @Column('text')
  type!: string;

  /** The app the work belongs to (null for system work). */
  @Column('uuid', { name: 'app_id', nullable: true })
  appId!: string | null;

  /** The JobRequest as JSON. */
  @Column('jsonb')
  payload!: Record<string, unknown>;

  /** pending, running, done or failed. */
  @Column('text', { default: 'pending' })
  status!: string;

  /** At most one pending job per key: asking again while one waits adds nothing. */
  @Column('text', { name: 'singleton_key', nullable: true })
  singletonKey!: string | null;

  @Column('integer', { default: 0 })
  attempts!: number;

  @Column('integer', { name: 'max_attempts', default: 10 })
  maxAttempts!: number;

  @Column('timestamptz', { name: 'run_at', default: () => 'now()' })
  runAt!: Date;

  /** When a worker claimed it; a 'running' job locked long ago belongs to a worker that died. */
  @Column('timestamptz', { name: 'locked_at', nullable: true })
  lockedAt!: Date | null;

  @Column('text', { name: 'locked_by', nullable: true })
  lockedBy!: string | null;

  @Column('text', { name: 'last_error', nullable: true })
  lastError!: string | null;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'finished_at', nullable: true })
  finishedAt!: Date | null;
}

import { Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/**
 * Every raw record of every data type (typed JSONB design, docs/decisions.md "Data platform
 * storage"): the columns that queries filter and order by are real columns, the record's
 * fields live in `data`. One row per (profile, source, type, external_id). No foreign key to
 * profile (RecordsWithoutForeignKey): the upsert locks the profile once per call, and a trigger
 * deletes the records of deleted profiles.
 */
@Entity({ name: 'health_record' })
@Index('UQ_health_record_key', ['appId', 'profileId', 'type', 'source', 'externalId'], { unique: true })
@Index('IDX_health_record_page', ['appId', 'profileId', 'type', 'subtype', 'time', 'id'])
/**
 * A date's summaries of neighbouring members, one key range (a rescoring batch's read; migration
 * DailySummaryIndex), read from the index alone: it INCLUDEs source, external_id and data
 * (migration DailySummaryCovering), which TypeORM cannot describe, so the migrations alone keep it.
 */
@Index('IDX_health_record_daily', { synchronize: false })
export class HealthRecordEntity {
  @PrimaryColumn('uuid', { name: 'app_id' })
  appId!: string;

  @PrimaryGeneratedColumn('increment', { type: 'bigint' })
  id!: string;

  @Column('uuid', { name: 'profile_id' })
  profileId!: string;

  /** The data type: the upload key and pull endpoint name, e.g. workout. */
  @Column('text')
  type!: string;

  /** measurement_type of biometric measurements, '' otherwise. */
  @Column('text', { default: '' })
  subtype!: string;

  @Column('text')
  source!: string;

  @Column('text', { name: 'external_id' })
  externalId!: string;

  /** Start, instant, or 00:00 UTC of the date: what date filters and pages use. */
  @Column('timestamptz')
  time!: Date;

  @Column('timestamptz', { name: 'end_time', nullable: true })
  endTime!: Date | null;

  @Column('jsonb')
  data!: Record<string, unknown>;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'updated_at', default: () => 'now()' })
  updatedAt!: Date;
}

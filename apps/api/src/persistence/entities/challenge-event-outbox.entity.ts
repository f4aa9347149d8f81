import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Challenge status events waiting for delivery (written in the transaction of the scores that
 * caused them). Append only here; a delivery worker claims rows with FOR UPDATE SKIP LOCKED.
 */
@Entity({ name: 'challenge_event_outbox' })
@Index('IDX_challenge_event_outbox_pending', ['createdAt'], { where: 'delivered_at IS NULL' })
@Index('UQ_challenge_event_outbox_dedupe', ['appId', 'dedupeKey'], { unique: true })
export class ChallengeEventOutboxEntity {
  @PrimaryColumn('uuid', { name: 'app_id' })
  appId!: string;

  /** Stable event id (receivers de-duplicate on it). */
  @PrimaryColumn('uuid')
  id!: string;

  @Column('text')
  event!: string;

  @Column('uuid', { name: 'challenge_id' })
  challengeId!: string;

  /** The push body (challengeEventPushBody). */
  @Column('jsonb')
  payload!: Record<string, string | number>;

  /**
   * What the event is about (e.g. a member's period and threshold): an event whose key was
   * written once is never written again, whatever rescoring happens later.
   */
  @Column('text', { name: 'dedupe_key' })
  dedupeKey!: string;

  @Column('timestamptz', { name: 'created_at' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'delivered_at', nullable: true })
  deliveredAt!: Date | null;
}

import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { AppEntity } from './app.entity';

/** An administrator bearer, kept only as its SHA-256 digest. */
@Entity({ name: 'admin_token' })
export class AdminTokenEntity {
  @PrimaryColumn('text', { name: 'token_digest' })
  tokenDigest!: string;

  @Index('IDX_admin_token_app')
  @Column('uuid', { name: 'app_id' })
  appId!: string;

  @ManyToOne(() => AppEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'app_id' })
  app?: AppEntity;

  @Index('IDX_admin_token_expires_at')
  @Column('timestamptz', { name: 'expires_at' })
  expiresAt!: Date;
}

import { Column, Entity, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';
import { AppEntity } from './app.entity';

/** An app's points definition (GET/PUT app/points/), kept whole as JSON. */
@Entity({ name: 'points_definition' })
export class PointsDefinitionEntity {
  @PrimaryColumn('uuid', { name: 'app_id' })
  appId!: string;

  @OneToOne(() => AppEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'app_id' })
  app?: AppEntity;

  @Column('jsonb')
  definition!: Record<string, unknown>;

  @Column('timestamptz', { name: 'updated_at', default: () => 'now()' })
  updatedAt!: Date;
}

import { Column, Entity, Index, JoinColumn, ManyToOne, OneToOne, PrimaryColumn } from 'typeorm';
import { AppEntity } from './app.entity';

/** A product of an app's loyalty catalogue (app/products/), with its rules. */
@Entity({ name: 'loyalty_product' })
@Index('IDX_loyalty_product_app_created', ['appId', 'createdAt'])
export class LoyaltyProductEntity {
  @PrimaryColumn('uuid', { name: 'app_id' })
  appId!: string;

  @ManyToOne(() => AppEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'app_id' })
  app?: AppEntity;

  @PrimaryColumn('uuid')
  id!: string;

  @Column('text')
  name!: string;

  @Column('text')
  description!: string;

  @Column('double precision')
  price!: number;

  @Column('text')
  currency!: string;

  @Column('text', { name: 'image_url', nullable: true })
  imageUrl!: string | null;

  @Column('text')
  sku!: string;

  @Column('boolean')
  active!: boolean;

  @Column('double precision', { name: 'min_total_points' })
  minTotalPoints!: number;

  @Column('text', { name: 'activity_types', array: true })
  activityTypes!: string[];

  /** A challenge of the same app; no foreign key: a deleted challenge leaves the rule unmet. */
  @Column('uuid', { name: 'challenge_id', nullable: true })
  challengeId!: string | null;

  @Column('timestamptz', { name: 'created_at' })
  createdAt!: Date;
}

/** An app's shop settings: the URL template of loyalty cart links. */
@Entity({ name: 'app_shop' })
export class AppShopEntity {
  @PrimaryColumn('uuid', { name: 'app_id' })
  appId!: string;

  @OneToOne(() => AppEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'app_id' })
  app?: AppEntity;

  @Column('text', { name: 'url_template' })
  urlTemplate!: string;

  @Column('timestamptz', { name: 'updated_at', default: () => 'now()' })
  updatedAt!: Date;
}

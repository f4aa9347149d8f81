import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'app' })
export class AppEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('text')
  name!: string;

  @Column('text', { name: 'client_id', unique: true })
  clientId!: string;

  @Column('text', { name: 'client_secret_digest' })
  clientSecretDigest!: string;

  @Column('timestamptz', { name: 'created_at' })
  createdAt!: Date;
}

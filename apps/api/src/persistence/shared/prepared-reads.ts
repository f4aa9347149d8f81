import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../system/tokens';
import { Row } from './db';

/**
 * A connection of its own for the hottest small reads (the challenge snapshot of leaderboard
 * requests): each statement is prepared once on a plain pg client. Measured here
 * (bench/pg-round-trip.bench.ts), such a statement costs the API about half the CPU of the same
 * one through the pool unnamed (51 against 99 us), TypeORM's path costing more still. Reads only, outside any
 * transaction: what they see is what a pooled connection would. On the embedded database (one
 * session) the statements simply run through the DataSource.
 */
@Injectable()
export class PreparedReads implements OnModuleDestroy {
  private client: Promise<Client> | null = null;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async query(text: string, values: unknown[] = []): Promise<Row[]> {
    if (!this.config.databaseUrl) return this.dataSource.query(text, values);
    const client = await this.connected();
    const name = `strive_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
    return (await client.query({ name, text, values })).rows;
  }

  async onModuleDestroy(): Promise<void> {
    const client = this.client;
    this.client = null;
    await (await client?.catch(() => null))?.end();
  }

  /** The client, connected on first use and again after it failed (its statements are prepared anew). */
  private connected(): Promise<Client> {
    if (!this.client) {
      const client = new Client({ connectionString: this.config.databaseUrl as string });
      const forget = () => {
        if (this.client === connecting) this.client = null;
      };
      client.on('error', forget);
      client.on('end', forget);
      const connecting: Promise<Client> = client.connect().then(() => client);
      connecting.catch(forget);
      this.client = connecting;
    }
    return this.client;
  }
}

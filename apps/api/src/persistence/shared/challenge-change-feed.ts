import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { Client } from 'pg';
import { DataSource, EntityManager, EntitySubscriberInterface, TransactionCommitEvent, TransactionRollbackEvent } from 'typeorm';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../system/tokens';
import { EmbeddedPglitePool } from '../embedded-pglite-pool';
import type { Db } from './db';

/** Channel of the challenge_change_notify trigger: the id of every challenge row updated or deleted, sent at commit. */
const CHALLENGE_CHANGE_CHANNEL = 'strive_challenge_change';

const CHANGED = Symbol('changed challenges');
const RECONNECT_MS = 1_000;

/** A challenge changed (its id), or `null`: anything may have changed meanwhile (the feed was interrupted). */
export type ChallengeChangeListener = (challengeId: string | null) => void;

/**
 * Records, in the transaction of `db` (a transaction's manager), that it changes these challenges
 * (their row, their leaderboard version): when it commits, and before its promise resolves, this
 * process's listeners hear of them. Other processes hear of it through the trigger's notification.
 */
export function markChallengesChanged(db: Db, challengeIds: Iterable<string>): void {
  const runner = db instanceof EntityManager ? db.queryRunner : undefined;
  if (!runner?.isTransactionActive) throw new Error('markChallengesChanged needs a transaction (atomically)');
  const changed = ((runner.data as Record<symbol, Set<string>>)[CHANGED] ??= new Set<string>());
  for (const id of challengeIds) changed.add(id);
}

/**
 * Every change of a challenge row committed by any process, as it commits: this process's own
 * writes when their transaction commits (markChallengesChanged, a TypeORM transaction subscriber),
 * every process's through PostgreSQL's LISTEN on one connection of its own (the embedded database's
 * `listen` with PGlite). Lets readers keep a challenge and its leaderboard version in memory instead
 * of reading them for every request (ChallengeSnapshots): a change is heard within the notification's
 * delivery time, at once for this process's own writes. `complete` is false while the connection is
 * down (changes may go unheard): readers then keep nothing.
 */
@Injectable()
export class ChallengeChangeFeed implements EntitySubscriberInterface, OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('ChallengeChangeFeed');
  private readonly listeners = new Set<ChallengeChangeListener>();
  private listening = false;
  private closed = false;
  private client: Client | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private retry: NodeJS.Timeout | null = null;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** True while every committed change reaches the listeners. */
  get complete(): boolean {
    return this.listening;
  }

  subscribe(listener: ChallengeChangeListener): void {
    this.listeners.add(listener);
  }

  async onModuleInit(): Promise<void> {
    this.dataSource.subscribers.push(this);
    if (this.config.databaseUrl) this.connect();
    else await this.listenEmbedded();
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    this.listening = false;
    if (this.retry) clearTimeout(this.retry);
    const index = this.dataSource.subscribers.indexOf(this);
    if (index >= 0) this.dataSource.subscribers.splice(index, 1);
    await this.unlisten?.().catch(() => undefined);
    await this.client?.end().catch(() => undefined);
  }

  afterTransactionCommit(event: TransactionCommitEvent): void {
    // A savepoint released inside a transaction is not a commit yet.
    if (event.queryRunner.isTransactionActive) return;
    const data = event.queryRunner.data as Record<symbol, Set<string> | undefined>;
    const changed = data[CHANGED];
    data[CHANGED] = undefined;
    for (const id of changed ?? []) this.publish(id);
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    if (!event.queryRunner.isTransactionActive) (event.queryRunner.data as Record<symbol, unknown>)[CHANGED] = undefined;
  }

  private publish(challengeId: string | null): void {
    for (const listener of this.listeners) listener(challengeId);
  }

  /** PostgreSQL: one connection of this process LISTENs; lost, it is opened again (and readers told to forget). */
  private connect(): void {
    const client = new Client({ connectionString: this.config.databaseUrl as string });
    this.client = client;
    let failed = false;
    const fail = (error: Error) => {
      if (failed) return;
      failed = true;
      this.listening = false;
      this.publish(null);
      client.end().catch(() => undefined);
      if (this.closed) return;
      this.logger.warn(`challenge change notifications interrupted (${error.message}); reconnecting`);
      this.retry = setTimeout(() => this.connect(), RECONNECT_MS);
      this.retry.unref();
    };
    client.on('error', fail);
    client.on('end', () => fail(new Error('connection ended')));
    client.on('notification', (message) => this.publish(message.payload ?? null));
    client
      .connect()
      .then(() => client.query(`LISTEN ${CHALLENGE_CHANGE_CHANNEL}`))
      .then(() => {
        if (failed || this.closed) return;
        // Whatever was read while nobody listened may be stale.
        this.publish(null);
        this.listening = true;
      })
      .catch(fail);
  }

  /** PGlite: one session in this process, its notifications delivered before the committing query resolves. */
  private async listenEmbedded(): Promise<void> {
    const database = await EmbeddedPglitePool.database(this.config.dataDir);
    this.unlisten = await database.listen(CHALLENGE_CHANGE_CHANNEL, (payload) => this.publish(payload || null));
    this.listening = true;
  }
}

import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { Client } from 'pg';
import { DataSource, EntityManager, EntitySubscriberInterface, TransactionCommitEvent, TransactionRollbackEvent } from 'typeorm';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../system/tokens';
import { EmbeddedPglitePool } from '../embedded-pglite-pool';
import type { Db } from './db';

/**
 * What the feed carries, each from the notifications of a trigger, sent at commit:
 * - `challenge`: the id of every challenge row updated or deleted (challenge_change_notify);
 * - `bearer`: the digest of every profile or administrator bearer that stops working, its row
 *   deleted or its digest replaced (bearer_revoked_notify);
 * - `scoring`: changes were queued for scoring (scoring_queued_notify; no payload).
 */
const CHANNELS = { challenge: 'strive_challenge_change', bearer: 'strive_bearer_revoked', scoring: 'strive_scoring_queued' } as const;
export type ChangeTopic = keyof typeof CHANNELS;
const TOPICS = Object.keys(CHANNELS) as ChangeTopic[];
const TOPIC_OF = new Map<string, ChangeTopic>(TOPICS.map((topic) => [CHANNELS[topic], topic]));

const CHANGED = Symbol('changed challenges');
const RECONNECT_MS = 1_000;

/** A challenge id or bearer digest that changed, or `null`: anything may have changed meanwhile (the feed was interrupted). */
export type ChangeListener = (changed: string | null) => void;

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
 * Every change of a challenge row and every bearer revocation committed by any process, as it
 * commits: through PostgreSQL's LISTEN on one connection of this process's own (the embedded
 * database's `listen` with PGlite), and this process's own challenge writes when their transaction
 * commits (markChallengesChanged, a TypeORM transaction subscriber). Lets readers keep what would
 * otherwise be read for every request in memory until it changes: challenges and their leaderboard
 * versions (ChallengeSnapshots), bearers (PrincipalCache). A change is heard within the
 * notification's delivery time, at once for this process's own challenge writes. `complete` is
 * false while the connection is down (changes may go unheard): readers then keep nothing for long.
 */
@Injectable()
export class ChangeFeed implements EntitySubscriberInterface, OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('ChangeFeed');
  private readonly listeners = new Map<ChangeTopic, Set<ChangeListener>>(TOPICS.map((topic) => [topic, new Set()]));
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

  subscribe(topic: ChangeTopic, listener: ChangeListener): void {
    this.listeners.get(topic)?.add(listener);
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
    for (const id of changed ?? []) this.publish('challenge', id);
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    if (!event.queryRunner.isTransactionActive) (event.queryRunner.data as Record<symbol, unknown>)[CHANGED] = undefined;
  }

  private publish(topic: ChangeTopic, changed: string | null): void {
    for (const listener of this.listeners.get(topic) ?? []) listener(changed);
  }

  /** Whatever was read while nobody listened may be stale. */
  private publishInterruption(): void {
    for (const topic of TOPICS) this.publish(topic, null);
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
      this.publishInterruption();
      client.end().catch(() => undefined);
      if (this.closed) return;
      this.logger.warn(`change notifications interrupted (${error.message}); reconnecting`);
      this.retry = setTimeout(() => this.connect(), RECONNECT_MS);
      this.retry.unref();
    };
    client.on('error', fail);
    client.on('end', () => fail(new Error('connection ended')));
    client.on('notification', (message) => {
      const topic = TOPIC_OF.get(message.channel);
      if (topic) this.publish(topic, message.payload || null);
    });
    client
      .connect()
      .then(() => client.query(TOPICS.map((topic) => `LISTEN ${CHANNELS[topic]};`).join(' ')))
      .then(() => {
        if (failed || this.closed) return;
        this.publishInterruption();
        this.listening = true;
      })
      .catch(fail);
  }

  /** PGlite: one session in this process, its notifications delivered before the committing query resolves. */
  private async listenEmbedded(): Promise<void> {
    const database = await EmbeddedPglitePool.database(this.config.dataDir);
    const unlisten = await Promise.all(
      TOPICS.map((topic) => database.listen(CHANNELS[topic], (payload) => this.publish(topic, payload || null))),
    );
    this.unlisten = async () => void (await Promise.all(unlisten.map((stop) => stop())));
    this.listening = true;
  }
}

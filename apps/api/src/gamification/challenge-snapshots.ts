import { Injectable } from '@nestjs/common';
import { ChallengeSnapshot, findChallengeSnapshots } from '../persistence/gamification/typeorm-challenge.repository';
import { batchedReads } from '../persistence/shared/batched-reads';
import { ChangeFeed } from '../persistence/shared/change-feed';
import { PreparedReads } from '../persistence/shared/prepared-reads';

/** Challenges kept at the most (a snapshot is a challenge object and two versions). */
const MAX_KEPT = 10_000;
/** Changes remembered one by one (older ones count as one change at the oldest remembered). */
const MAX_CHANGES_REMEMBERED = 10_000;

/**
 * Challenge rows with their leaderboard versions, for every challenge request (leaderboards most
 * of all): kept in memory until the challenge changes (ChangeFeed hears every committed
 * update, this process's own before its write returns, another process's within the notification's
 * delivery). Read from the database when not kept: for every request waiting at the time in one
 * statement (batchedReads), prepared on a connection of its own (PreparedReads); kept only if no
 * change of that challenge was heard while it was read and the feed was complete throughout.
 */
@Injectable()
export class ChallengeSnapshots {
  private readonly byId: (challengeId: string) => Promise<ChallengeSnapshot | null>;
  private readonly kept = new Map<string, ChallengeSnapshot>();
  /** Counts the changes heard; a read keeps its answer only if its challenge's last change came before it began. */
  private heard = 0;
  private readonly lastChange = new Map<string, number>();
  /** Changes before this are no longer remembered one by one (or the feed was interrupted). */
  private forgottenUpTo = 0;

  constructor(
    db: PreparedReads,
    private readonly feed: ChangeFeed,
  ) {
    this.byId = batchedReads(async (ids) => new Map((await findChallengeSnapshots(db, ids)).map((s) => [s.challenge.id, s])));
    feed.subscribe('challenge', (challengeId) => this.changed(challengeId));
  }

  /** The challenge of this app (null: none, or another app's), with every change committed before this call. */
  async read(appId: string, challengeId: string): Promise<ChallengeSnapshot | null> {
    const snapshot = this.keptSnapshot(challengeId) ?? (await this.load(challengeId));
    return snapshot?.challenge.appId === appId ? snapshot : null;
  }

  /**
   * As `read`, without waiting: the snapshot kept in memory (null: another app's), or undefined
   * when it has to be read (`read`). A leaderboard answered from memory then costs no promise.
   */
  peek(appId: string, challengeId: string): ChallengeSnapshot | null | undefined {
    const kept = this.keptSnapshot(challengeId);
    return kept === undefined ? undefined : kept.challenge.appId === appId ? kept : null;
  }

  private keptSnapshot(challengeId: string): ChallengeSnapshot | undefined {
    return this.feed.complete ? this.kept.get(challengeId) : undefined;
  }

  private async load(challengeId: string): Promise<ChallengeSnapshot | null> {
    const began = this.heard;
    const complete = this.feed.complete;
    const snapshot = await this.byId(challengeId);
    const unchanged = this.forgottenUpTo <= began && (this.lastChange.get(challengeId) ?? 0) <= began;
    if (snapshot && complete && this.feed.complete && unchanged) {
      if (this.kept.size >= MAX_KEPT) this.kept.delete(this.kept.keys().next().value as string);
      this.kept.set(challengeId, snapshot);
    }
    return snapshot;
  }

  private changed(challengeId: string | null): void {
    this.heard += 1;
    if (challengeId === null) {
      this.kept.clear();
      this.lastChange.clear();
      this.forgottenUpTo = this.heard;
      return;
    }
    this.kept.delete(challengeId);
    this.lastChange.delete(challengeId); // most recent last
    this.lastChange.set(challengeId, this.heard);
    if (this.lastChange.size > MAX_CHANGES_REMEMBERED) {
      const [oldest, at] = this.lastChange.entries().next().value as [string, number];
      this.lastChange.delete(oldest);
      this.forgottenUpTo = at;
    }
  }
}

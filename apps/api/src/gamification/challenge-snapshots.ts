import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ChallengeSnapshot, findChallengeSnapshots } from '../persistence/gamification/typeorm-challenge.repository';

interface Waiting {
  readonly appId: string;
  readonly resolve: (snapshot: ChallengeSnapshot | null) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Challenge rows with their leaderboard versions for leaderboard requests, read for many
 * requests at once. A request waits for the next read that starts after it arrived, so it sees
 * every write committed before it came (as its own query would), and that one read answers every
 * request waiting meanwhile, whatever challenge each asks for: under load one round trip serves
 * dozens of requests instead of one each.
 */
@Injectable()
export class ChallengeSnapshots {
  private waiting = new Map<string, Waiting[]>();
  private reading = false;

  constructor(private readonly db: DataSource) {}

  /** The challenge of this app (null: none, or another app's) as of a read started after this call. */
  read(appId: string, challengeId: string): Promise<ChallengeSnapshot | null> {
    return new Promise((resolve, reject) => {
      const list = this.waiting.get(challengeId);
      if (list) list.push({ appId, resolve, reject });
      else this.waiting.set(challengeId, [{ appId, resolve, reject }]);
      if (!this.reading) void this.readWaiting();
    });
  }

  private async readWaiting(): Promise<void> {
    this.reading = true;
    while (this.waiting.size > 0) {
      const batch = this.waiting;
      this.waiting = new Map();
      try {
        const found = new Map((await findChallengeSnapshots(this.db, [...batch.keys()])).map((s) => [s.challenge.id, s]));
        for (const [id, list] of batch) {
          const snapshot = found.get(id);
          for (const request of list) request.resolve(snapshot && snapshot.challenge.appId === request.appId ? snapshot : null);
        }
      } catch (error) {
        for (const list of batch.values()) for (const request of list) request.reject(error);
      }
    }
    this.reading = false;
  }
}

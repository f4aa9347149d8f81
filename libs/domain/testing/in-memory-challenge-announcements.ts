import { ChallengeAnnouncements, DueAnnouncement } from '../src/ports/challenge-announcements';
import { InMemoryChallengeRepository } from './in-memory-challenge-repository';

/** Announcement flags beside the in-memory challenges. */
export class InMemoryChallengeAnnouncements implements ChallengeAnnouncements {
  readonly announced = new Set<string>();

  constructor(private readonly challenges: InMemoryChallengeRepository) {}

  async due(now: Date, limit: number): Promise<DueAnnouncement[]> {
    const due: DueAnnouncement[] = [];
    const ordered = [...this.challenges.challenges.values()].sort((a, b) => a.start.getTime() - b.start.getTime() || a.id.localeCompare(b.id));
    for (const challenge of ordered.slice(0, limit)) {
      if (!this.announced.has(`challenge_start:${challenge.id}`) && challenge.start <= now) due.push({ challenge, event: 'challenge_start' });
      if (!this.announced.has(`challenge_end:${challenge.id}`) && challenge.end <= now) due.push({ challenge, event: 'challenge_end' });
    }
    return due;
  }

  async markAnnounced({ challenge, event }: DueAnnouncement): Promise<void> {
    this.announced.add(`${event}:${challenge.id}`);
  }
}

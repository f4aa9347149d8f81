import { ChallengeAnnouncements, DueAnnouncement } from '../src/ports/challenge-announcements';
import { InMemoryChallengeRepository } from './in-memory-challenge-repository';

/** Announcement flags beside the in-memory challenges. */
export class InMemoryChallengeAnnouncements implements ChallengeAnnouncements {
  readonly announced = new Set<string>();

  constructor(private readonly challenges: InMemoryChallengeRepository) {}

  async due(now: Date, limit: number): Promise<DueAnnouncement[]> {
    const startDue = (id: string, start: Date) => !this.announced.has(`challenge_start:${id}`) && start <= now;
    const endDue = (id: string, end: Date) => !this.announced.has(`challenge_end:${id}`) && end <= now;
    const ordered = [...this.challenges.challenges.values()]
      .filter((c) => startDue(c.id, c.start) || endDue(c.id, c.end))
      .sort((a, b) => a.start.getTime() - b.start.getTime() || a.id.localeCompare(b.id));
    return ordered.slice(0, limit).flatMap((challenge) => [
      ...(startDue(challenge.id, challenge.start) ? [{ challenge, event: 'challenge_start' as const }] : []),
      ...(endDue(challenge.id, challenge.end) ? [{ challenge, event: 'challenge_end' as const }] : []),
    ]);
  }

  async markAnnounced({ challenge, event }: DueAnnouncement): Promise<void> {
    this.announced.add(`${event}:${challenge.id}`);
  }
}

import { MemberPeriodScoreMother } from '../../testing/challenge-mother';
import { writeWorld } from '../../testing/write-world';
import { QueuedScoring } from '../ports/scoring-backlog';
import { RefreshProfilePointsUseCase } from './refresh-profile-points.use-case';
import { RescoreProfileChallengesUseCase, ScoredChange } from './rescore-profile-challenges.use-case';
import { ScoreQueuedChangesUseCase } from './score-queued-changes.use-case';

const change = (profileId: string): QueuedScoring => ({
  appId: 'app-1', profileId, from: new Date('2026-03-03T00:00:00Z'), to: new Date('2026-03-04T00:00:00Z'), replaced: false, queuedAt: new Date('2026-03-04T10:00:00Z'),
});

/** Answers `rows` score rows for every change (periods 0..rows-1 of challenge-1). */
class RowsPerChange extends RescoreProfileChallengesUseCase {
  constructor(private readonly rows: number) {
    super({ now: () => new Date('2026-03-04T10:00:00Z') });
  }

  override async execute(queued: QueuedScoring): Promise<ScoredChange> {
    const scores = Array.from({ length: this.rows }, (_, periodIndex) => MemberPeriodScoreMother.create({ profileId: queued.profileId, periodIndex }));
    return { scores, events: [] };
  }
}

describe(ScoreQueuedChangesUseCase.name, () => {
  it("takes the profiles' turns and writes a batch's scores in one write", async () => {
    const w = writeWorld();
    const saved: number[] = [];
    const saveMany = w.scores.saveMany.bind(w.scores);
    w.scores.saveMany = async (rows) => {
      saved.push(rows.length);
      await saveMany(rows);
    };
    for (const id of ['p-1', 'p-2', 'p-3']) await w.scoringBacklog.add(change(id));
    expect(await new ScoreQueuedChangesUseCase(w.unitOfWork, new RefreshProfilePointsUseCase(), new RowsPerChange(30)).execute()).toEqual({ profiles: 3, more: false });
    expect(w.unitOfWork.turns).toEqual(['profile:p-1', 'profile:p-2', 'profile:p-3']);
    expect(saved).toEqual([90]);
    expect(await w.scores.findForMember('challenge-1', 'p-2', [0, 29])).toHaveLength(2);
  });

  it('says more may be due when the batch took as many changes as its limit', async () => {
    const w = writeWorld();
    // Three queued changes, two of them p-1's: a limit of two takes p-1's two (one profile) and is full.
    for (const id of ['p-1', 'p-1', 'p-2']) await w.scoringBacklog.add(change(id));
    const worker = new ScoreQueuedChangesUseCase(w.unitOfWork, new RefreshProfilePointsUseCase(), new RowsPerChange(1));
    expect(await worker.execute(2)).toEqual({ profiles: 1, more: true });
    expect(await worker.execute(2)).toEqual({ profiles: 1, more: false });
    expect(await worker.execute(2)).toEqual({ profiles: 0, more: false });
  });

  it('writes before it holds 20,000 rows, within the same batch', async () => {
    const w = writeWorld();
    const saved: number[] = [];
    w.scores.saveMany = async (rows) => void saved.push(rows.length);
    for (const id of ['p-1', 'p-2', 'p-3']) await w.scoringBacklog.add(change(id));
    // 15,000 rows a change: written at 30,000 (the second change), then the third's 15,000.
    expect(await new ScoreQueuedChangesUseCase(w.unitOfWork, new RefreshProfilePointsUseCase(), new RowsPerChange(15_000)).execute()).toEqual({ profiles: 3, more: false });
    expect(saved).toEqual([30_000, 15_000]);
    expect(w.unitOfWork.runs).toBe(1);
  });
});

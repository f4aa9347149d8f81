import {
  Challenge, ChallengeAnnouncements, challengeStarted, ChallengePeriodEvent, HealthRecord, QueuedScoring, RefreshProfilePointsUseCase,
  RescoreProfileChallengesUseCase, ScoredChange, ScoreQueuedChangesUseCase,
} from '@strive/domain';
import { ChallengeMemberMother, FixedClock, MemberPeriodScoreMother } from '@strive/domain/testing';
import { TypeOrmScoringBacklog } from '../../src/persistence/gamification/typeorm-scoring-backlog';
import { challenge, ID, profile, seedProfiles } from './support/fixtures';
import { describeContract } from './support/contract';
import { postgresServerOf } from './support/repository-world';

const daySummary = (date: string, steps: number, source: HealthRecord['source'] = 'GARMIN'): HealthRecord => ({
  type: 'daily_summary', source, externalId: `${source}-${date}`, time: new Date(`${date}T00:00:00Z`), endTime: null, subtype: '',
  data: { date, distance: 0, steps, calories: 0, active_duration: null },
});
const threshold = (proportion: number, periodIndex = 1): ChallengePeriodEvent => ({
  event: 'partial_period_goal_reached', appId: ID.appA, challengeId: ID.challenge1, challengeTitle: 'C', eventTimestamp: new Date('2026-03-03T12:00:00Z'),
  periodIndex, periodStart: new Date(Date.UTC(2026, 2, 2 + periodIndex)), periodEnd: new Date(Date.UTC(2026, 2, 3 + periodIndex)), model: 'profile',
  modelId: ID.profile1, goalReachedProportion: proportion, currentScore: proportion * 10_000, threshold: proportion >= 0.75 ? 0.75 : proportion >= 0.5 ? 0.5 : 0.25,
});

describeContract('EventOutbox', (world) => {
  beforeEach(async () => {
    // App A listens (the SQL outbox writes no event of an app without an active challenge endpoint).
    await seedProfiles(world(), []);
    await world().pushEndpoints.save({
      id: 'ec000000-0000-4000-8000-0000000000c1', appId: ID.appA, dataType: 'challenge', url: 'https://hooks.example.com/c', active: true,
      version: 'V1', secret: 'whsec_c1', previousSecret: null, previousSecretExpiresAt: null, failingSince: null, disabledReason: null,
      createdAt: new Date('2026-03-01T00:00:00Z'), updatedAt: new Date('2026-03-01T00:00:00Z'),
    });
  });

  it('writes an event about the same member, period and threshold once, whatever rescoring happens later', async () => {
    await world().outbox.append([threshold(0.6), threshold(0.55)]);
    await world().outbox.append([threshold(0.8), threshold(0.6, 2)]);
    // 0.6 and 0.55 are both the 50 % threshold of period 1: one row; 0.8 is 75 %; period 2 is another period.
    expect((await world().outboxKeys()).sort()).toEqual([
      `threshold:${ID.challenge1}:${ID.profile1}:2026-03-03T00:00:00.000Z:2026-03-04T00:00:00.000Z:0.5`,
      `threshold:${ID.challenge1}:${ID.profile1}:2026-03-03T00:00:00.000Z:2026-03-04T00:00:00.000Z:0.75`,
      `threshold:${ID.challenge1}:${ID.profile1}:2026-03-04T00:00:00.000Z:2026-03-05T00:00:00.000Z:0.5`,
    ]);
  });

  it('writes challenge_start once per challenge', async () => {
    const c = challenge(ID.challenge1);
    await world().outbox.append([challengeStarted(c, new Date('2026-03-02T00:00:10Z'))]);
    await world().outbox.append([challengeStarted(c, new Date('2026-03-02T00:00:20Z'))]);
    expect(await world().outboxKeys()).toEqual([`challenge_start:${ID.challenge1}`]);
  });
});

describeContract('JobQueue', (world) => {
  it('keeps one waiting job per singleton key', async () => {
    await world().jobs.enqueue({ type: 'points.recount', appId: ID.appA });
    await world().jobs.enqueue({ type: 'points.recount', appId: ID.appA });
    await world().jobs.enqueue({ type: 'points.recount', appId: ID.appB });
    await world().jobs.enqueue({ type: 'challenge.rescore', appId: ID.appA, challengeId: ID.challenge1 });
    await world().jobs.enqueue({ type: 'challenge.rescore', appId: ID.appA, challengeId: ID.challenge1 });
    await world().jobs.enqueue({ type: 'challenge.enroll_automatic', appId: ID.appA, challengeId: ID.challenge1 });
    expect(await world().pendingJobs()).toEqual([
      { type: 'points.recount', appId: ID.appA },
      { type: 'points.recount', appId: ID.appB },
      { type: 'challenge.rescore', appId: ID.appA, challengeId: ID.challenge1 },
      { type: 'challenge.enroll_automatic', appId: ID.appA, challengeId: ID.challenge1 },
    ]);
  });
});

describeContract('ScoringBacklog', (world) => {
  const span = (profileId: string, from: string, to: string, queuedAt = '2026-03-05T10:00:00Z', replaced = false) =>
    ({ appId: ID.appA, profileId, from: new Date(from), to: new Date(to), replaced, queuedAt: new Date(queuedAt) });
  const take = (limit: number) => world().unitOfWork.run((ports) => ports.scoringBacklog.take(limit));

  it("takes the oldest changes, each profile's merged into the span that covers them (replaced if one was), and removes them", async () => {
    await world().unitOfWork.run(async (ports) => {
      await ports.scoringBacklog.add(span(ID.profile1, '2026-03-03T10:00:00Z', '2026-03-04T12:00:00Z', '2026-03-05T10:00:05Z'));
      await ports.scoringBacklog.add(span(ID.profile2, '2026-03-05T00:00:00Z', '2026-03-05T01:00:00Z'));
      await ports.scoringBacklog.add(span(ID.profile1, '2026-03-01T00:00:00Z', '2026-03-02T00:00:00Z', '2026-03-05T10:00:07Z', true));
      await ports.scoringBacklog.add(span(ID.profile3, '2026-03-06T00:00:00Z', '2026-03-07T00:00:00Z'));
    });
    // The first three rows: profile 1 (rows 1 and 3: from the earlier from to the later to, arrived
    // with the first, replaced as the third was), then profile 2.
    // Three rows for a limit of three: full, more may be due.
    expect(await take(3)).toEqual({
      changes: [
        span(ID.profile1, '2026-03-01T00:00:00Z', '2026-03-04T12:00:00Z', '2026-03-05T10:00:05Z', true),
        span(ID.profile2, '2026-03-05T00:00:00Z', '2026-03-05T01:00:00Z'),
      ],
      full: true,
    });
    expect(await take(3)).toEqual({ changes: [span(ID.profile3, '2026-03-06T00:00:00Z', '2026-03-07T00:00:00Z')], full: false });
    expect(await take(3)).toEqual({ changes: [], full: false });
  });

  it('keeps what a failed transaction took, and lets another taker skip what one holds (a database keeps this)', async () => {
    await world().unitOfWork.run((ports) => ports.scoringBacklog.add(span(ID.profile1, '2026-03-03T00:00:00Z', '2026-03-04T00:00:00Z')));
    if (!world().engine) return;
    const failing = world().unitOfWork.run(async (ports) => {
      expect((await ports.scoringBacklog.take(10)).changes).toHaveLength(1);
      throw new Error('scoring failed');
    });
    await expect(failing).rejects.toThrow('scoring failed');
    if ('url' in (world().engine?.options ?? {})) {
      // PostgreSQL (PGlite has one session): while one transaction holds the change, another takes nothing and does not wait.
      await world().unitOfWork.run(async (ports) => {
        expect((await ports.scoringBacklog.take(10)).changes).toHaveLength(1);
        expect(await take(10)).toEqual({ changes: [], full: false });
        throw new Error('roll back');
      }).catch(() => undefined);
    }
    expect((await take(10)).changes).toEqual([span(ID.profile1, '2026-03-03T00:00:00Z', '2026-03-04T00:00:00Z')]);
  });

  it('adds through a statement each connection prepares once (hand-written SQL)', async () => {
    const engine = postgresServerOf(world());
    if (!engine) return;
    const prepared = await engine.transaction(async (manager) => {
      await new TypeOrmScoringBacklog(manager).add(span(ID.profile1, '2026-03-03T00:00:00Z', '2026-03-04T00:00:00Z'));
      return manager.query("SELECT name FROM pg_prepared_statements WHERE name = 'scoring_backlog_add'");
    });
    expect(prepared).toEqual([{ name: 'scoring_backlog_add' }]);
    expect((await take(10)).changes).toEqual([span(ID.profile1, '2026-03-03T00:00:00Z', '2026-03-04T00:00:00Z')]);
  });
});

describeContract('ScoreQueuedChangesUseCase', (world) => {
  /** Scores nothing, and fails for profile 2 (a change that cannot be scored). */
  class FailingForProfile2 extends RescoreProfileChallengesUseCase {
    override async execute(change: QueuedScoring): Promise<ScoredChange> {
      if (change.profileId === ID.profile2) throw new Error('broken rule');
      return { scores: [], events: [] };
    }
  }

  it('scores the other profiles of a batch when one fails, and postpones that one with its error (a database keeps this)', async () => {
    const queue = (profileId: string) => world().unitOfWork.run((ports) => ports.scoringBacklog.add({
      appId: ID.appA, profileId, from: new Date('2026-03-03T00:00:00Z'), to: new Date('2026-03-04T00:00:00Z'), replaced: false, queuedAt: new Date('2026-03-04T10:00:00Z'),
    }));
    await queue(ID.profile1);
    await queue(ID.profile2);
    await queue(ID.profile3);
    const worker = new ScoreQueuedChangesUseCase(world().unitOfWork, new RefreshProfilePointsUseCase(), new FailingForProfile2(new FixedClock('2026-03-04T10:00:00Z')));
    const engine = world().engine;
    if (!engine) return; // the in-memory twin does not roll the failed batch back
    // The batch of three failed; each profile alone: 1 and 3 scored, 2 postponed.
    expect(await worker.execute()).toEqual({ profiles: 3, more: false });
    const rows = await engine.query(
      "SELECT profile_id, attempts, last_error, run_at > now() AS later FROM scoring_backlog ORDER BY id",
    );
    expect(rows).toEqual([{ profile_id: ID.profile2, attempts: 1, last_error: 'broken rule', later: true }]);
    expect(await worker.execute()).toEqual({ profiles: 0, more: false }); // not due for a second
    // Due again, it fails again: the wait doubles (2 s).
    await engine.query("UPDATE scoring_backlog SET run_at = now() - interval '1 second'");
    expect(await worker.execute()).toEqual({ profiles: 1, more: false });
    const [again] = await engine.query("SELECT attempts, round(extract(epoch FROM run_at - now()))::int AS wait FROM scoring_backlog");
    expect(again).toEqual({ attempts: 2, wait: 2 });
  });
});

describeContract('ChallengeAnnouncements', (world) => {
  beforeEach(async () => {
    await seedProfiles(world(), []);
  });
  // The port locks what it lists: it runs inside a unit of work, as the lifecycle tick uses it.
  const announcements = <T>(work: (port: ChallengeAnnouncements) => Promise<T>) => world().unitOfWork.run((ports) => work(ports.announcements));

  it('lists the starts and ends that have come, oldest start first, until they are marked', async () => {
    const running = challenge(ID.challenge1);
    const ended = challenge(ID.challenge2, { start: new Date('2026-02-01T00:00:00Z'), end: new Date('2026-02-08T00:00:00Z') });
    await world().challenges.save(running);
    await world().challenges.save(ended);
    const now = new Date('2026-03-04T10:00:00Z');
    const due = (await announcements((port) => port.due(now, 10))).map((d) => `${d.event}:${d.challenge.id}`);
    expect(due).toEqual([`challenge_start:${ID.challenge2}`, `challenge_end:${ID.challenge2}`, `challenge_start:${ID.challenge1}`]);
    // The limit counts challenges: the first one (with its two events).
    expect((await announcements((port) => port.due(now, 1))).map((d) => d.event)).toEqual(['challenge_start', 'challenge_end']);
    await announcements((port) => port.markAnnounced({ challenge: ended, event: 'challenge_start' }));
    await announcements((port) => port.markAnnounced({ challenge: running, event: 'challenge_start' }));
    expect((await announcements((port) => port.due(now, 10))).map((d) => `${d.event}:${d.challenge.id}`)).toEqual([`challenge_end:${ID.challenge2}`]);
    // Before anything started, nothing is due.
    expect(await announcements((port) => port.due(new Date('2026-01-01T00:00:00Z'), 10))).toEqual([]);
  });
});

describeContract('UnitOfWork', (world) => {
  beforeEach(async () => {
    await seedProfiles(world(), [profile(ID.profile1, ID.appA)]);
  });

  it('commits what its work wrote through the ports it hands out', async () => {
    const answer = await world().unitOfWork.run(async (ports) => {
      await ports.records.upsert(ID.appA, ID.profile1, [daySummary('2026-03-02', 4000)]);
      await ports.profiles.setTotalPoints(ID.appA, ID.profile1, 4);
      await ports.jobs.enqueue({ type: 'points.recount', appId: ID.appA });
      return 'done';
    });
    expect(answer).toBe('done');
    expect((await world().profiles.findInApp(ID.appA, ID.profile1))?.totalPoints).toBe(4);
    expect(await world().healthRecords.listAll(ID.appA, ID.profile1, ['daily_summary'], {})).toHaveLength(1);
    expect(await world().pendingJobs()).toEqual([{ type: 'points.recount', appId: ID.appA }]);
  });

  it('lets work that takes the same turn wait until the earlier one committed, then read its writes', async () => {
    const order: string[] = [];
    let second: Promise<void> = Promise.resolve();
    await world().unitOfWork.run(async (ports) => {
      await ports.takeTurn(`profile:${ID.profile1}`);
      order.push('first has its turn');
      second = world().unitOfWork.run(async (inner) => {
        await inner.takeTurn(`profile:${ID.profile1}`);
        order.push(`second has its turn and reads ${(await inner.profiles.findInApp(ID.appA, ID.profile1))?.totalPoints}`);
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      await ports.profiles.setTotalPoints(ID.appA, ID.profile1, 7);
      order.push('first ends');
    });
    await second;
    if (world().engine) expect(order).toEqual(['first has its turn', 'first ends', 'second has its turn and reads 7']);
    else expect(order[1]).toBe('second has its turn and reads 0'); // the in-memory twin runs work at once, turns are not enforced
  });

  it('stores nothing when its work fails (a database keeps this; the in-memory twin does not roll back)', async () => {
    const failing = world().unitOfWork.run(async (ports) => {
      await ports.records.upsert(ID.appA, ID.profile1, [daySummary('2026-03-02', 4000)]);
      await ports.jobs.enqueue({ type: 'points.recount', appId: ID.appA });
      throw new Error('listener failed');
    });
    await expect(failing).rejects.toThrow('listener failed');
    if (!world().engine) return;
    expect(await world().healthRecords.listAll(ID.appA, ID.profile1, ['daily_summary'], {})).toEqual([]);
    expect(await world().pendingJobs()).toEqual([]);
  });
});

describeContract('ScoringBatchReader', (world) => {
  beforeEach(async () => {
    await seedProfiles(world(), [profile(ID.profile1, ID.appA), profile(ID.profile2, ID.appA)]);
    await world().challenges.save(challenge(ID.challenge1));
  });

  it("reads a batch's merged daily summaries, events and stored scores within the span", async () => {
    await world().healthRecords.upsert(ID.appA, ID.profile1, [daySummary('2026-03-02', 4000), daySummary('2026-03-05', 9000)]);
    await world().healthRecords.upsert(ID.appA, ID.profile1, [daySummary('2026-03-02', 6000, 'FITBIT')]);
    await world().healthRecords.upsert(ID.appA, ID.profile2, [daySummary('2026-03-02', 1000)]);
    await world().pointsEvents.save({ id: '0e000000-0000-4000-8000-000000000001', profileId: ID.profile1, name: 'quiz', points: 3, timestamp: new Date('2026-03-02T08:00:00Z'), activityType: null, reference: '' });
    await world().scores.saveMany([
      MemberPeriodScoreMother.create({ challengeId: ID.challenge1, profileId: ID.profile1, periodIndex: 0, progress: 1 }),
      MemberPeriodScoreMother.create({ challengeId: ID.challenge1, profileId: ID.profile1, periodIndex: 3, progress: 2 }),
      MemberPeriodScoreMother.create({ challengeId: ID.challenge1, profileId: ID.profile1, periodIndex: 5, progress: 4 }),
    ]);
    // Periods 0..1 (Mon 2 and Tue 3 March).
    const span = { firstIndex: 0, lastIndex: 1, firstDate: '2026-03-02', lastDate: '2026-03-03', from: new Date('2026-03-02T00:00:00Z'), to: new Date('2026-03-04T00:00:00Z') };
    const streak = challenge(ID.challenge1, { repetition: 'STREAK' });
    const read = (c: Challenge, first: number, last: number) =>
      world().unitOfWork.run((ports) => ports.scoringBatches.read(c, [ID.profile1], { ...span, firstIndex: first, lastIndex: last }));
    const batch = await read(streak, 0, 1);
    // GARMIN 4,000 and FITBIT 6,000 on the same date merge to the larger: 6,000.
    expect((await batch.history.dailySummaries(ID.profile1, '2026-03-02', '2026-03-03')).map((s) => [s.date, s.steps])).toEqual([['2026-03-02', 6000]]);
    expect((await batch.history.events(ID.profile1, span.from, span.to)).map((e) => e.points)).toEqual([3]);
    // Stored scores of the batch's members only, from the period before the span's first (its repetition
    // state) to the challenge's last where states are carried on (STREAK): here all of them.
    expect((await batch.scores.findForMember(ID.challenge1, ID.profile1)).map((s) => s.progress)).toEqual([1, 2, 4]);
    expect(await batch.scores.findForMember(ID.challenge1, ID.profile2)).toEqual([]);
    // Periods 4..4: period 3 (the one before) and 5 (later), not period 0.
    expect((await (await read(streak, 4, 4)).scores.findForMember(ID.challenge1, ID.profile1)).map((s) => s.periodIndex)).toEqual([3, 5]);
    // A challenge that keeps no states (NONE): the span's periods only.
    const none = async (first: number, last: number) =>
      (await (await read(challenge(ID.challenge1), first, last)).scores.findForMember(ID.challenge1, ID.profile1)).map((s) => s.periodIndex);
    expect([await none(0, 1), await none(4, 4), await none(3, 5)]).toEqual([[0], [], [3, 5]]);
  });

  it("reads each member's own summaries and scores in a batch of 150 (ids whose last bytes are 0 to 149)", async () => {
    // A SQL engine reads a batch in parts by the id's last byte modulo 64: members 0, 64 and 128 share one.
    const memberId = (i: number) => `70000000-0000-4000-8000-0000000000${i.toString(16).padStart(2, '0')}`;
    const members = Array.from({ length: 150 }, (_, i) => memberId(i));
    await seedProfiles(world(), members.map((id) => profile(id, ID.appA)));
    for (const [i, id] of members.entries()) {
      await world().healthRecords.upsert(ID.appA, id, [daySummary('2026-03-02', 1_000 + i), daySummary('2026-03-03', 2_000 + i)]);
    }
    await world().scores.saveMany(members.map((profileId, i) => MemberPeriodScoreMother.create({ challengeId: ID.challenge1, profileId, periodIndex: 1, progress: i })));
    const span = { firstIndex: 0, lastIndex: 1, firstDate: '2026-03-02', lastDate: '2026-03-03', from: new Date('2026-03-02T00:00:00Z'), to: new Date('2026-03-04T00:00:00Z') };
    const batch = await world().unitOfWork.run((ports) => ports.scoringBatches.read(challenge(ID.challenge1), members, span));
    for (const [i, id] of members.entries()) {
      expect((await batch.history.dailySummaries(id, '2026-03-02', '2026-03-03')).map((s) => s.steps)).toEqual([1_000 + i, 2_000 + i]);
      expect((await batch.scores.findForMember(ID.challenge1, id)).map((s) => [s.periodIndex, s.progress])).toEqual([[1, i]]);
    }
  });

  it("reads each member's own summaries and scores of a batch of neighbouring ids, of every other id, and of every third", async () => {
    // 120 members, each with scores in periods 0..2 (progress i * 10 + period) and a summary on each of
    // 2 to 5 March (steps day * 1,000 + i). A SQL engine reads a batch by its id range when at least
    // half the challenge's members in the range are in it (40 in a row, or every other one: 40 of 79),
    // else member by member (every third: 40 of 118). A profile of another app with member 50's id
    // has summaries of the same dates.
    const memberId = (i: number) => `71000000-0000-4000-8000-000000000${i.toString(16).padStart(3, '0')}`;
    const ids = Array.from({ length: 120 }, (_, i) => memberId(i));
    await seedProfiles(world(), ids.map((id) => profile(id, ID.appA)));
    await world().profiles.create(profile(ids[50], ID.appB), 'bearer-of-the-other-app');
    await world().memberships.addAllIfAbsent(ids.map((profileId) => ChallengeMemberMother.create({ challengeId: ID.challenge1, profileId })));
    const days = [2, 3, 4, 5].map((day) => `2026-03-0${day}`);
    for (const [i, id] of ids.entries()) await world().healthRecords.upsert(ID.appA, id, days.map((date, d) => daySummary(date, (d + 2) * 1_000 + i)));
    await world().healthRecords.upsert(ID.appB, ids[50], days.map((date) => daySummary(date, 99_999)));
    await world().scores.saveMany(ids.flatMap((profileId, i) =>
      [0, 1, 2].map((periodIndex) => MemberPeriodScoreMother.create({ challengeId: ID.challenge1, profileId, periodIndex, progress: i * 10 + periodIndex }))));
    // Periods 1..2 (3 and 4 March) of a challenge that keeps no states: stored scores of periods 1 and 2.
    const span = { firstIndex: 1, lastIndex: 2, firstDate: '2026-03-03', lastDate: '2026-03-04', from: new Date('2026-03-03T00:00:00Z'), to: new Date('2026-03-05T00:00:00Z') };
    for (const batch of [ids.slice(40, 80), ids.filter((_, i) => i % 2 === 0 && i < 80), ids.filter((_, i) => i % 3 === 0)]) {
      const read = await world().unitOfWork.run((ports) => ports.scoringBatches.read(challenge(ID.challenge1), batch, span));
      for (const id of batch) {
        const i = ids.indexOf(id);
        expect((await read.scores.findForMember(ID.challenge1, id)).map((s) => s.progress)).toEqual([i * 10 + 1, i * 10 + 2]);
        expect((await read.history.dailySummaries(id, span.firstDate, span.lastDate)).map((s) => [s.date, s.steps])).toEqual([
          ['2026-03-03', 3_000 + i],
          ['2026-03-04', 4_000 + i],
        ]);
      }
    }
  });

  it("reads each member's own summaries of a batch dense among its challenge's members but not among its app's profiles", async () => {
    // 120 profiles of the app, each with a summary on 3 and 4 March (steps day * 1,000 + i); challenge 2's
    // members are every third (40), each with a score in periods 1 and 2. A SQL engine reads the batch's
    // scores by its id range (40 of the challenge's 40 members in it) and its summaries member by member
    // (118 of the app's profiles in the range: the others' summaries are not read).
    const profileId = (i: number) => `72000000-0000-4000-8000-000000000${i.toString(16).padStart(3, '0')}`;
    const ids = Array.from({ length: 120 }, (_, i) => profileId(i));
    await seedProfiles(world(), ids.map((id) => profile(id, ID.appA)));
    await world().challenges.save(challenge(ID.challenge2));
    const members = ids.filter((_, i) => i % 3 === 0);
    await world().memberships.addAllIfAbsent(members.map((id) => ChallengeMemberMother.create({ challengeId: ID.challenge2, profileId: id })));
    for (const [i, id] of ids.entries()) await world().healthRecords.upsert(ID.appA, id, [daySummary('2026-03-03', 3_000 + i), daySummary('2026-03-04', 4_000 + i)]);
    await world().scores.saveMany(members.flatMap((id) =>
      [1, 2].map((periodIndex) => MemberPeriodScoreMother.create({ challengeId: ID.challenge2, profileId: id, periodIndex, progress: ids.indexOf(id) * 10 + periodIndex }))));
    const span = { firstIndex: 1, lastIndex: 2, firstDate: '2026-03-03', lastDate: '2026-03-04', from: new Date('2026-03-03T00:00:00Z'), to: new Date('2026-03-05T00:00:00Z') };
    const read = await world().unitOfWork.run((ports) => ports.scoringBatches.read(challenge(ID.challenge2), members, span));
    for (const id of members) {
      const i = ids.indexOf(id);
      expect((await read.scores.findForMember(ID.challenge2, id)).map((s) => s.progress)).toEqual([i * 10 + 1, i * 10 + 2]);
      expect((await read.history.dailySummaries(id, span.firstDate, span.lastDate)).map((s) => s.steps)).toEqual([3_000 + i, 4_000 + i]);
    }
    // A SQL engine read the summaries member by member: a profile between two members was not read
    // (the in-memory twin serves any profile of the app; a range read would have served it too).
    if (world().engine) expect(await read.history.dailySummaries(ids[1], span.firstDate, span.lastDate)).toEqual([]);
  });

  it("lists a profile's challenges of its app with its membership in each, earliest start first", async () => {
    await world().challenges.save(challenge(ID.challenge2, { start: new Date('2026-03-01T00:00:00Z'), title: 'Earlier' }));
    const paused = ChallengeMemberMother.create({
      challengeId: ID.challenge1, profileId: ID.profile1, joinedAt: new Date('2026-03-01T00:00:00Z'), teamId: null,
      inactiveIntervals: [{ from: new Date('2026-03-03T00:00:00Z'), to: null }],
    });
    const other = ChallengeMemberMother.create({ challengeId: ID.challenge2, profileId: ID.profile1, joinedAt: new Date('2026-03-02T00:00:00Z') });
    await world().memberships.addAllIfAbsent([paused, other, ChallengeMemberMother.create({ challengeId: ID.challenge1, profileId: ID.profile2 })]);
    const enrolled = await world().unitOfWork.run((ports) => ports.scoringBatches.enrolledChallenges(ID.appA, ID.profile1));
    expect(enrolled.map((e) => [e.challenge.title, e.member.challengeId])).toEqual([['Earlier', ID.challenge2], [challenge(ID.challenge1).title, ID.challenge1]]);
    // The challenge as the ChallengeRepository reads it.
    expect(enrolled[1].challenge).toEqual(await world().challenges.findById(ID.appA, ID.challenge1));
    expect(enrolled[1].member).toEqual(paused);
    // Another app's view of the profile: nothing.
    expect(await world().unitOfWork.run((ports) => ports.scoringBatches.enrolledChallenges(ID.appB, ID.profile1))).toEqual([]);
  });

  it("reads one profile's activity within the request and its stored scores of each challenge's periods", async () => {
    await world().challenges.save(challenge(ID.challenge2));
    await world().healthRecords.upsert(ID.appA, ID.profile1, [daySummary('2026-03-01', 500), daySummary('2026-03-02', 4000), daySummary('2026-03-04', 9000)]);
    await world().healthRecords.upsert(ID.appA, ID.profile1, [daySummary('2026-03-02', 6000, 'FITBIT')]);
    await world().healthRecords.upsert(ID.appA, ID.profile2, [daySummary('2026-03-02', 1000)]);
    const event = (id: string, timestamp: string) => ({ id, profileId: ID.profile1, name: 'quiz', points: 3, timestamp: new Date(timestamp), activityType: null, reference: '' });
    await world().pointsEvents.save(event('0e000000-0000-4000-8000-000000000001', '2026-03-02T08:00:00Z'));
    await world().pointsEvents.save(event('0e000000-0000-4000-8000-000000000002', '2026-03-06T08:00:00Z'));
    await world().scores.saveMany([
      MemberPeriodScoreMother.create({ challengeId: ID.challenge1, profileId: ID.profile1, periodIndex: 0, progress: 1 }),
      MemberPeriodScoreMother.create({ challengeId: ID.challenge1, profileId: ID.profile1, periodIndex: 2, progress: 2 }),
      MemberPeriodScoreMother.create({ challengeId: ID.challenge1, profileId: ID.profile1, periodIndex: 3, progress: 3 }),
      MemberPeriodScoreMother.create({ challengeId: ID.challenge2, profileId: ID.profile1, periodIndex: 0, progress: 4 }),
      MemberPeriodScoreMother.create({ challengeId: ID.challenge2, profileId: ID.profile1, periodIndex: 1, progress: 5 }),
      MemberPeriodScoreMother.create({ challengeId: ID.challenge1, profileId: ID.profile2, periodIndex: 0, progress: 6 }),
    ]);
    const request = {
      dates: { first: '2026-03-02', last: '2026-03-04' },
      workouts: null,
      events: { from: new Date('2026-03-02T00:00:00Z'), to: new Date('2026-03-05T00:00:00Z') },
      scores: [{ challengeId: ID.challenge1, firstIndex: 0, lastIndex: 2 }, { challengeId: ID.challenge2, firstIndex: 1, lastIndex: 1 }],
    };
    const batch = await world().unitOfWork.run((ports) => ports.scoringBatches.readProfile(ID.appA, ID.profile1, request));
    // 03-01 lies before the request; GARMIN 4,000 and FITBIT 6,000 of 03-02 merge to 6,000.
    expect((await batch.history.dailySummaries(ID.profile1, '2026-03-01', '2026-03-08')).map((s) => [s.date, s.steps])).toEqual([['2026-03-02', 6000], ['2026-03-04', 9000]]);
    expect(await batch.history.workouts(ID.profile1, new Date('2026-03-01T00:00:00Z'), new Date('2026-03-09T00:00:00Z'))).toEqual([]);
    // The event of 03-06 lies after the request.
    expect((await batch.history.events(ID.profile1, new Date('2026-03-01T00:00:00Z'), new Date('2026-03-09T00:00:00Z'))).map((e) => e.timestamp.toISOString())).toEqual(['2026-03-02T08:00:00.000Z']);
    expect(await batch.history.dailySummaries(ID.profile2, '2026-03-01', '2026-03-08')).toEqual([]);
    // The raw records behind the history (the change's points are counted from them): both sources
    // of 03-02, by time, source and external id, within the range asked and the request's dates.
    const raw = (fromDate: string) => batch.records.listDailySummaries(ID.profile1, { fromDate, toDate: '2026-03-08' });
    expect((await raw('2026-03-01')).map((s) => [s.date, s.source, s.steps])).toEqual([
      ['2026-03-02', 'FITBIT', 6000], ['2026-03-02', 'GARMIN', 4000], ['2026-03-04', 'GARMIN', 9000],
    ]);
    expect((await raw('2026-03-03')).map((s) => [s.date, s.steps])).toEqual([['2026-03-04', 9000]]);
    // Each challenge's requested periods only, in period order; none of another profile.
    expect((await batch.scores.findForMember(ID.challenge1, ID.profile1)).map((s) => s.progress)).toEqual([1, 2]);
    expect((await batch.scores.findForMember(ID.challenge1, ID.profile1, 2, 2)).map((s) => s.progress)).toEqual([2]);
    expect((await batch.scores.findForMember(ID.challenge2, ID.profile1)).map((s) => s.progress)).toEqual([5]);
    expect(await batch.scores.findForMember(ID.challenge1, ID.profile2)).toEqual([]);
  });

  it("reads one profile's workouts from the look-behind before the request to its end", async () => {
    const workout = (externalId: string, start: string): HealthRecord => ({
      type: 'workout', source: 'GARMIN', externalId, subtype: '', time: new Date(start), endTime: new Date(new Date(start).getTime() + 1_800_000),
      data: { duration: '00:30:00.000000', type: 'RUNNING', is_manual: false, distance: 5000, steps: 6000, calories: 300 },
    });
    await world().healthRecords.upsert(ID.appA, ID.profile1, [
      workout('early', '2026-03-01T10:00:00Z'), workout('inside', '2026-03-03T10:00:00Z'), workout('late', '2026-03-05T10:00:00Z'),
    ]);
    const request = {
      dates: null,
      workouts: { from: new Date('2026-03-02T12:00:00Z'), to: new Date('2026-03-04T00:00:00Z') },
      events: { from: new Date('2026-03-02T12:00:00Z'), to: new Date('2026-03-04T00:00:00Z') },
      scores: [],
    };
    const batch = await world().unitOfWork.run((ports) => ports.scoringBatches.readProfile(ID.appA, ID.profile1, request));
    expect((await batch.history.workouts(ID.profile1, new Date('2026-03-01T00:00:00Z'), new Date('2026-03-09T00:00:00Z'))).map((w) => w.externalId)).toEqual(['inside']);
    // The raw workouts read: from a day before the request (03-01 12:00) to its end, so not 'early' (03-01 10:00) nor 'late'.
    expect((await batch.records.listWorkouts(ID.profile1)).map((w) => w.externalId)).toEqual(['inside']);
    expect(await batch.history.dailySummaries(ID.profile1, '2026-03-01', '2026-03-08')).toEqual([]);
    expect(await batch.scores.findForMember(ID.challenge1, ID.profile1)).toEqual([]);
  });
});


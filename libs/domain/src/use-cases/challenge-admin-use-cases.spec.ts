import { ActivityRecordMother as Records, ChallengeMemberMother, ChallengeMother, MemberPeriodScoreMother } from '../../testing/challenge-mother';
import { gamificationWorld, aProfile } from '../../testing/gamification-world';
import { writeWorld } from '../../testing/write-world';
import { InMemoryScoreRepository } from '../../testing/in-memory-score-repository';
import { InMemoryMembershipRepository } from '../../testing/in-memory-membership-repository';
import { TeamMother } from '../../testing/team-mother';
import { ChallengeDefinition, changesScoring, defineChallenge, MAX_CHALLENGE_PERIODS } from '../challenge/challenge-definition';
import { ChallengeErrorCode } from '../challenge/challenge-error';
import { PeriodCalendar } from '../challenge/period-calendar';
import { memberPeriodTotals } from '../challenge/scoring';
import { ScoringErrorCode } from '../challenge/scoring-error';
import { MembershipErrorCode } from '../membership/membership-error';
import { TeamErrorCode } from '../team/team-error';
import { CreateChallengeUseCase } from './create-challenge.use-case';
import { CreateTeamUseCase } from './create-team.use-case';
import { DeleteChallengeUseCase } from './delete-challenge.use-case';
import { DeleteTeamUseCase } from './delete-team.use-case';
import { GetLeaderboardInput, GetLeaderboardUseCase } from './get-leaderboard.use-case';
import { RenameTeamUseCase } from './rename-team.use-case';
import { UpdateChallengeUseCase } from './update-challenge.use-case';

const definitionOf = (overrides: Partial<ChallengeDefinition> = {}): ChallengeDefinition => {
  const { id: _id, appId: _app, ...definition } = ChallengeMother.create();
  return { ...definition, ...overrides };
};

describe(defineChallenge.name, () => {
  it('trims the title and drops repeated activity types', () => {
    const challenge = defineChallenge('c', 'a', definitionOf({ title: '  Run  ', activityTypes: ['RUNNING', 'RUNNING', 'HIKING'] }));
    expect(challenge).toMatchObject({ id: 'c', appId: 'a', title: 'Run', activityTypes: ['RUNNING', 'HIKING'] });
  });

  it.each<[string, Partial<ChallengeDefinition>, string]>([
    ['an empty title', { title: '   ' }, 'title'],
    ['a long title', { title: 'x'.repeat(201) }, 'title'],
    ['an invalid start', { start: new Date('nope') }, 'start'],
    ['an invalid end', { end: new Date('nope') }, 'end'],
    ['a zero goal', { goalValue: 0 }, 'goal_value'],
    ['an infinite goal', { goalValue: Infinity }, 'goal_value'],
    ['negative grace days', { graceDays: -1 }, 'grace_days'],
    ['fractional grace days', { graceDays: 1.5 }, 'grace_days'],
    ['a lower-case activity type', { activityTypes: ['running'] }, 'activity_types'],
    ['a span over ten years (checked before cutting periods)', { start: new Date('2020-01-01T00:00:00Z'), end: new Date('9999-12-31T00:00:00Z') }, 'end'],
    ['a goal over a billion', { goalValue: 1_000_000_001 }, 'goal_value'],
    ['eight years of days (refused before the periods are cut)', { start: new Date('2026-01-01T00:00:00Z'), end: new Date('2034-01-01T00:00:00Z') }, 'end'],
    ['too many periods', { start: new Date('2026-01-01T00:00:00Z'), end: new Date(Date.UTC(2026, 0, 1 + MAX_CHALLENGE_PERIODS + 1)) }, 'end'],
  ])('refuses %s', (_, overrides, field) => {
    expect(() => defineChallenge('c', 'a', definitionOf(overrides))).toThrow(
      expect.objectContaining({ code: ChallengeErrorCode.InvalidDefinition, field }),
    );
  });

  it('refuses an unknown time zone and an end before the start with the calendar codes', () => {
    expect(() => defineChallenge('c', 'a', definitionOf({ timezone: 'Mars/Base' }))).toThrow(
      expect.objectContaining({ code: ScoringErrorCode.InvalidTimezone }),
    );
    expect(() => defineChallenge('c', 'a', definitionOf({ end: new Date('2026-03-01T00:00:00Z') }))).toThrow(
      expect.objectContaining({ code: ScoringErrorCode.InvalidDateRange }),
    );
  });

  it('accepts a leaderboard challenge without goal', () => {
    expect(defineChallenge('c', 'a', definitionOf({ goalValue: null })).goalValue).toBeNull();
  });
});

describe(changesScoring.name, () => {
  const base = definitionOf();
  it.each<[string, Partial<ChallengeDefinition>, boolean]>([
    ['the title', { title: 'Other' }, false],
    ['the visibility', { visibility: 'PRIVATE' }, false],
    ['the same dates as new objects', { start: new Date(base.start.getTime()) }, false],
    ['the same activity types as a new array', { activityTypes: [] }, false],
    ['the end', { end: new Date('2026-03-10T00:00:00Z') }, true],
    ['the goal value', { goalValue: 5 }, true],
    ['the activity types', { activityTypes: ['RUNNING'] }, true],
    ['an activity type in place', { activityTypes: ['X'] }, true],
  ])('changing %s: %s', (_, overrides, expected) => {
    expect(changesScoring(base, { ...base, ...overrides })).toBe(expected);
  });
  it('compares activity types element by element', () => {
    expect(changesScoring({ ...base, activityTypes: ['A', 'B'] }, { ...base, activityTypes: ['A', 'C'] })).toBe(true);
  });
});

describe('challenge administration use cases', () => {
  const setup = () => {
    const world = writeWorld({ profiles: [aProfile()] });
    return { ...world, create: new CreateChallengeUseCase(world.unitOfWork, world.ids, world.clock), update: new UpdateChallengeUseCase(world.unitOfWork, world.clock) };
  };

  it('creates a challenge with a new id, asking for no job', async () => {
    const w = setup();
    const challenge = await w.create.execute({ appId: 'app-1', definition: definitionOf() });
    expect(await w.challenges.findById('app-1', challenge.id)).toEqual(challenge);
    expect(w.jobs.pending).toEqual([]);
  });

  it('asks for the enrollment job, in the same unit of work, when it creates a running AUTOMATIC challenge', async () => {
    const w = setup();
    const challenge = await w.create.execute({ appId: 'app-1', definition: definitionOf({ enrollmentMethod: 'AUTOMATIC' }) });
    expect(w.jobs.pending).toEqual([{ type: 'challenge.enroll_automatic', appId: 'app-1', challengeId: challenge.id }]);
    expect(w.unitOfWork.runs).toBe(1);
    // Ended already (2026-03-03 < now, 2026-03-04 10:00): nobody to enroll.
    await w.create.execute({ appId: 'app-1', definition: definitionOf({ enrollmentMethod: 'AUTOMATIC', end: new Date('2026-03-03T00:00:00Z') }) });
    expect(w.jobs.pending).toHaveLength(1);
  });

  it('updates texts without rescoring; a new goal asks for the rescore job and keeps the scores until then; moved periods drop them', async () => {
    const w = setup();
    await w.challenges.save(ChallengeMother.create());
    await w.scores.saveMany([MemberPeriodScoreMother.create({ profileId: 'profile-1', progress: 5 })]);

    const renamed = await w.update.execute({ appId: 'app-1', challengeId: 'challenge-1', definition: definitionOf({ title: 'New' }) });
    expect(renamed.rescore).toBe(false);
    expect([w.scores.all().length, w.jobs.pending]).toEqual([1, []]);

    const regoaled = await w.update.execute({ appId: 'app-1', challengeId: 'challenge-1', definition: definitionOf({ goalValue: 5_000 }) });
    expect(regoaled).toMatchObject({ rescore: true, challenge: { goalValue: 5_000, title: 'Ten thousand a day' } });
    expect(w.scores.all()).toHaveLength(1);
    expect(w.jobs.pending).toEqual([{ type: 'challenge.rescore', appId: 'app-1', challengeId: 'challenge-1' }]);

    // WEEKLY periods: the stored DAILY ones no longer line up.
    await w.update.execute({ appId: 'app-1', challengeId: 'challenge-1', definition: definitionOf({ goalValue: 5_000, goal: 'WEEKLY' }) });
    expect(w.scores.all()).toEqual([]);
    expect(w.jobs.pending).toHaveLength(1);
  });

  it('drops the scores when the goal value is removed: a challenge without a goal has one period', async () => {
    const w = setup();
    await w.challenges.save(ChallengeMother.create());
    await w.scores.saveMany([MemberPeriodScoreMother.create({ profileId: 'profile-1', periodIndex: 3, progress: 5 })]);
    await w.update.execute({ appId: 'app-1', challengeId: 'challenge-1', definition: definitionOf({ goalValue: null }) });
    expect(w.scores.all()).toEqual([]);
  });

  it('asks for the enrollment job when a challenge becomes AUTOMATIC (PATCH derives the definition from the stored one)', async () => {
    const w = setup();
    await w.challenges.save(ChallengeMother.create());
    const result = await w.update.execute({
      appId: 'app-1', challengeId: 'challenge-1', definition: (stored) => ({ ...definitionOf(), title: `${stored.title}!`, enrollmentMethod: 'AUTOMATIC' }),
    });
    expect(result).toMatchObject({ rescore: false, challenge: { title: 'Ten thousand a day!', enrollmentMethod: 'AUTOMATIC' } });
    expect(w.jobs.pending).toEqual([{ type: 'challenge.enroll_automatic', appId: 'app-1', challengeId: 'challenge-1' }]);
    // Already AUTOMATIC: an update asks for no enrollment (the waiting one is not doubled either).
    w.jobs.pending.length = 0;
    await w.update.execute({ appId: 'app-1', challengeId: 'challenge-1', definition: definitionOf({ enrollmentMethod: 'AUTOMATIC', title: 'Again' }) });
    expect(w.jobs.pending).toEqual([]);
  });

  it('refuses a type change once there are members, and a scoring change once scores are final', async () => {
    const w = setup();
    await w.challenges.save(ChallengeMother.create({ end: new Date('2026-03-03T00:00:00Z'), graceDays: 0 }));
    const sut = w.update;
    const ended = { start: new Date('2026-03-02T00:00:00Z'), end: new Date('2026-03-03T00:00:00Z'), graceDays: 0 };
    await expect(
      sut.execute({ appId: 'app-1', challengeId: 'challenge-1', definition: definitionOf({ ...ended, goalValue: 1 }) }),
    ).rejects.toMatchObject({ code: ChallengeErrorCode.ScoresFinal });
    // A type change without members is fine (and, being a scoring change, needs the window: reopen it).
    await w.challenges.save(ChallengeMother.create());
    await expect(sut.execute({ appId: 'app-1', challengeId: 'challenge-1', definition: definitionOf({ type: 'GROUP' }) })).resolves.toMatchObject({ rescore: true });
    await w.memberships.addAllIfAbsent([ChallengeMemberMother.create()]);
    await expect(
      sut.execute({ appId: 'app-1', challengeId: 'challenge-1', definition: definitionOf({ type: 'INDIVIDUAL' }) }),
    ).rejects.toMatchObject({ code: ChallengeErrorCode.TypeLocked });
  });

  it('deletes a challenge of the app and says not found for another app', async () => {
    const w = setup();
    await w.challenges.save(ChallengeMother.create());
    const sut = new DeleteChallengeUseCase(w.challenges);
    await expect(sut.execute({ appId: 'app-2', challengeId: 'challenge-1' })).rejects.toMatchObject({ code: MembershipErrorCode.ChallengeNotFound });
    await sut.execute({ appId: 'app-1', challengeId: 'challenge-1' });
    expect(await w.challenges.findById('app-1', 'challenge-1')).toBeNull();
    await w.challenges.delete('app-2', 'nothing');
  });
});

describe('team administration use cases', () => {
  it('creates, renames (or leaves as is) and lists teams', async () => {
    const w = gamificationWorld();
    const team = await new CreateTeamUseCase(w.teams, w.ids, w.clock).execute({ appId: 'app-1', name: ' Blue ' });
    expect(team).toMatchObject({ appId: 'app-1', name: 'Blue', createdAt: w.clock.now() });
    const rename = new RenameTeamUseCase(w.teams);
    expect(await rename.execute({ appId: 'app-1', teamId: team.id, name: 'Green' })).toMatchObject({ name: 'Green' });
    expect(await rename.execute({ appId: 'app-1', teamId: team.id })).toMatchObject({ name: 'Green' });
    await expect(rename.execute({ appId: 'app-1', teamId: team.id, name: '' })).rejects.toMatchObject({ code: TeamErrorCode.InvalidName });
    await expect(rename.execute({ appId: 'app-2', teamId: team.id, name: 'X' })).rejects.toMatchObject({ code: TeamErrorCode.NotFound });
    await w.teams.save(TeamMother.create({ id: 'older', createdAt: new Date('2020-01-01T00:00:00Z') }));
    await w.teams.save(TeamMother.create({ id: 'same-a', createdAt: new Date('2020-01-01T00:00:00Z') }));
    expect(await w.teams.list('app-1', { limit: 2, offset: 0 })).toEqual({ count: 3, items: [expect.objectContaining({ id: 'older' }), expect.objectContaining({ id: 'same-a' })] });
  });

  it('deletes a team, moving its members to their next first team; refuses while it plays in a challenge', async () => {
    const w = gamificationWorld({ profiles: [aProfile({ team: 'red' }), aProfile({ id: 'gone', team: 'red' })] });
    await w.teams.save(TeamMother.create({ id: 'red' }));
    await w.teams.save(TeamMother.create({ id: 'blue' }));
    await w.teams.addMemberships([
      TeamMother.membership({ teamId: 'red', joinedAt: new Date('2026-01-01T00:00:00Z') }),
      TeamMother.membership({ teamId: 'blue', joinedAt: new Date('2026-01-02T00:00:00Z') }),
      TeamMother.membership({ teamId: 'red', profileId: 'vanished' }),
    ]);
    const sut = new DeleteTeamUseCase(w.teams, w.memberships, w.profiles);
    await w.memberships.addAllIfAbsent([ChallengeMemberMother.create({ teamId: 'red' })]);
    await expect(sut.execute({ appId: 'app-1', teamId: 'red' })).rejects.toMatchObject({ code: TeamErrorCode.InUse });

    await w.memberships.removeAll('challenge-1', ['profile-1'], false);
    await sut.execute({ appId: 'app-1', teamId: 'red' });
    expect(await w.teams.findById('app-1', 'red')).toBeNull();
    expect((await w.profiles.findInApp('app-1', 'profile-1'))?.team).toBe('blue');
    await w.teams.delete('app-2', 'blue');
    expect(await w.teams.findById('app-1', 'blue')).not.toBeNull();
  });
});

describe(memberPeriodTotals.name, () => {
  const challenge = ChallengeMother.create();
  const calendar = PeriodCalendar.of(challenge);

  it('adds every metric of counted daily summaries, record points and all event points per period', () => {
    const member = ChallengeMemberMother.create({ inactiveIntervals: [{ from: new Date('2026-03-05T00:00:00Z'), to: null }] });
    const totals = memberPeriodTotals(calendar, challenge, member, {
      dailySummaries: [
        Records.dailySummary({ date: '2026-03-02', steps: 1000, distance: 800, calories: 50, activeDurationSeconds: 600 }),
        Records.dailySummary({ date: '2026-03-02', steps: 500 }),
        Records.dailySummary({ date: '2026-03-05', steps: 9999 }), // inactive
        Records.dailySummary({ date: '2026-02-01', steps: 9999 }), // outside
      ],
      events: [Records.event({ points: 10 }), Records.event({ points: 7, timestamp: new Date('2026-02-01T00:00:00Z') })],
    }, (record) => ('date' in record ? record.steps / 100 : 0));
    // 03-02: steps 1000 + 500, points 10 + 5 (records) + 10 (event)
    expect([...totals]).toEqual([[0, { distance: 800, steps: 1500, calories: 50, durationSeconds: 600, points: 25 }]]);
  });

  it('reads filtered workouts for workout challenges, null steps and calories counting 0', () => {
    const runs = ChallengeMother.create({ dataSource: 'workout', activityTypes: ['RUNNING'] });
    const totals = memberPeriodTotals(PeriodCalendar.of(runs), runs, ChallengeMemberMother.create(), {
      workouts: [
        Records.workout({ distance: 5000, durationSeconds: 1800, steps: 6000, calories: 300 }),
        Records.workout({ distance: 1000, durationSeconds: 600 }),
        Records.workout({ activityType: 'CYCLING', distance: 20000 }),
        Records.workout({ start: new Date('2026-04-01T00:00:00Z') }),
      ],
    });
    expect([...totals]).toEqual([[0, { distance: 6000, steps: 6000, calories: 300, durationSeconds: 2400, points: 0 }]]);
  });

  it('is empty without records', () => {
    expect(memberPeriodTotals(calendar, challenge, ChallengeMemberMother.create(), {}).size).toBe(0);
    const runs = ChallengeMother.create({ dataSource: 'workout' });
    expect(memberPeriodTotals(PeriodCalendar.of(runs), runs, ChallengeMemberMother.create(), {}).size).toBe(0);
  });
});

describe('leaderboard goal flags of TEAM and GROUP challenges', () => {
  const members = [
    ChallengeMemberMother.create({ profileId: 'ann', teamId: 'red' }),
    ChallengeMemberMother.create({ profileId: 'bob', teamId: 'red' }),
    ChallengeMemberMother.create({ profileId: 'cid', teamId: 'blue' }),
    ChallengeMemberMother.create({ profileId: 'dan', teamId: null }),
  ];
  const seeded = async () => {
    const scores = new InMemoryScoreRepository();
    await scores.saveMany([
      MemberPeriodScoreMother.create({ profileId: 'ann', periodIndex: 2, progress: 6_000 }),
      MemberPeriodScoreMother.create({ profileId: 'bob', periodIndex: 2, progress: 5_000 }),
      MemberPeriodScoreMother.create({ profileId: 'cid', periodIndex: 2, progress: 9_000 }),
    ]);
    const leaderboards = new GetLeaderboardUseCase(scores, gamificationWorld().clock, new InMemoryMembershipRepository(members));
    // The whole ranking, in order.
    return {
      execute: async (input: GetLeaderboardInput) => {
        const { table } = await leaderboards.rank(input);
        return { results: table.slice(0, table.size) };
      },
    };
  };

  it('TEAM: members carry their team\'s flag, team entries their own progress and flag', async () => {
    const sut = await seeded();
    const challenge = ChallengeMother.create({ type: 'TEAM' });
    const profiles = await sut.execute({ challenge, view: 'profiles' });
    // red: 6000 + 5000 = 11000 >= 10000 reached; blue: 9000 not reached; dan has no team.
    expect(profiles.results.map((e) => [e.key, e.progress, e.goalReached])).toEqual([
      ['cid', 9_000, false], ['ann', 6_000, true], ['bob', 5_000, true], ['dan', 0, false],
    ]);
    const teams = await sut.execute({ challenge, view: 'teams' });
    expect(teams.results.map((e) => [e.key, e.progress, e.goalReached])).toEqual([['red', 11_000, true], ['blue', 9_000, false]]);
  });

  it('GROUP: everyone carries the group flag (AVERAGE over 4 members: 20000 / 4 = 5000)', async () => {
    const sut = await seeded();
    const sum = await sut.execute({ challenge: ChallengeMother.create({ type: 'GROUP' }), view: 'profiles' });
    expect(sum.results.every((e) => e.goalReached)).toBe(true);
    const average = await sut.execute({ challenge: ChallengeMother.create({ type: 'GROUP', calculationMethod: 'AVERAGE' }), view: 'profiles' });
    expect(average.results.some((e) => e.goalReached)).toBe(false);
    const noGoal = await sut.execute({ challenge: ChallengeMother.create({ type: 'GROUP', goalValue: null }), view: 'profiles' });
    expect(noGoal.results.some((e) => e.goalReached)).toBe(false);
  });
});

describe('automatic enrollment of many profiles', () => {
  it('reads the members once and enrolls every other profile (150 profiles: one member, one opted out)', async () => {
    const profiles = Array.from({ length: 150 }, (_, i) => aProfile({ id: `p-${String(i).padStart(3, '0')}` }));
    const w = gamificationWorld({ profiles, challenges: [ChallengeMother.create({ enrollmentMethod: 'AUTOMATIC' })] });
    await w.memberships.addAllIfAbsent([ChallengeMemberMother.create({ profileId: 'p-000' })]);
    await w.memberships.removeAll('challenge-1', ['p-001'], true);
    const { EnrollAutomaticMembersUseCase } = await import('./enroll-automatic-members.use-case');
    const sut = new EnrollAutomaticMembersUseCase(w.challenges, w.memberships, w.teams, w.profiles, w.clock);
    const result = await sut.execute({ appId: 'app-1', profileIds: profiles.map((p) => p.id) });
    expect(result.enrolled).toHaveLength(148);
    expect(result.skipped.map((s) => [s.profileId, s.reason])).toEqual([
      ['p-000', MembershipErrorCode.AlreadyMember], ['p-001', 'opted_out'],
    ]);
  });
});

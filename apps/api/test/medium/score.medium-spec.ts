import { MemberPeriodScore } from '@strive/domain';
import { MemberPeriodScoreMother } from '@strive/domain/testing';
import { challenge, ID, profile, seedProfiles } from './support/fixtures';
import { describeContract } from './support/contract';

describeContract('ScoreRepository', (world) => {
  const score = (challengeId: string, profileId: string, periodIndex: number, overrides: Partial<MemberPeriodScore> = {}) =>
    MemberPeriodScoreMother.create({ challengeId, profileId, periodIndex, ...overrides });
  const reached = score(ID.challenge1, ID.profile1, 0, {
    teamId: ID.team1, progress: 10_250.5, goalReached: true, goalReachedAt: new Date('2026-03-02T18:30:00.123Z'),
    reachedAt: new Date('2026-03-02T20:00:00Z'), firedThresholds: [0.25, 0.5, 0.75, 1],
    totals: { distance: 8000.25, steps: 10_250.5, calories: 2200, durationSeconds: 3600.5, points: 12.75 },
    updatedAt: new Date('2026-03-02T20:00:01Z'),
  });
  const p1day1 = score(ID.challenge1, ID.profile1, 1, { progress: 2500, firedThresholds: [0.25], reachedAt: new Date('2026-03-03T09:00:00Z') });
  const p1day2 = score(ID.challenge1, ID.profile1, 2);
  const p2day1 = score(ID.challenge1, ID.profile2, 1, { progress: 4000 });
  const otherChallenge = score(ID.challenge2, ID.profile1, 0, { progress: 1 });
  const byProfileAndPeriod = (scores: readonly { profileId: string; periodIndex: number }[]) =>
    [...scores].sort((a, b) => (a.profileId < b.profileId ? -1 : a.profileId > b.profileId ? 1 : a.periodIndex - b.periodIndex));

  beforeEach(async () => {
    await seedProfiles(world(), [profile(ID.profile1, ID.appA), profile(ID.profile2, ID.appA)]);
    await world().challenges.save(challenge(ID.challenge1));
    await world().challenges.save(challenge(ID.challenge2));
    await world().scores.saveMany([p2day1, p1day2, otherChallenge, reached, p1day1]);
  });

  it("reads one member's scores in period order, all or only the given periods", async () => {
    expect(await world().scores.findForMember(ID.challenge1, ID.profile1)).toEqual([reached, p1day1, p1day2]);
    expect(await world().scores.findForMember(ID.challenge1, ID.profile1, [2, 0, 7])).toEqual([reached, p1day2]);
    expect(await world().scores.findForMember(ID.challenge1, ID.profile2, [])).toEqual([]);
  });

  it("reads every member's scores of a period range, both ends included", async () => {
    expect(byProfileAndPeriod(await world().scores.findForChallenge(ID.challenge1, 1, 2))).toEqual([p1day1, p1day2, p2day1]);
    expect(await world().scores.findForChallenge(ID.challenge1, 3, 9)).toEqual([]);
  });

  it('reads only the outcome fields for leaderboards', async () => {
    expect(await world().scores.findOutcomesForChallenge(ID.challenge1, 0, 0)).toEqual([
      { profileId: ID.profile1, teamId: ID.team1, periodIndex: 0, progress: 10_250.5, goalReached: true, goalReachedAt: new Date('2026-03-02T18:30:00.123Z'), reachedAt: new Date('2026-03-02T20:00:00Z') },
    ]);
    expect(byProfileAndPeriod(await world().scores.findOutcomesForChallenge(ID.challenge1, 1, 1))).toEqual([
      { profileId: ID.profile1, teamId: null, periodIndex: 1, progress: 2500, goalReached: false, goalReachedAt: null, reachedAt: new Date('2026-03-03T09:00:00Z') },
      { profileId: ID.profile2, teamId: null, periodIndex: 1, progress: 4000, goalReached: false, goalReachedAt: null, reachedAt: null },
    ]);
  });

  it("reads the outcome fields of the named members only, when named (a leaderboard patched with its changed members)", async () => {
    expect(await world().scores.findOutcomesForChallenge(ID.challenge1, 1, 2, [ID.profile2, ID.profile3])).toEqual([
      { profileId: ID.profile2, teamId: null, periodIndex: 1, progress: 4000, goalReached: false, goalReachedAt: null, reachedAt: null },
    ]);
    expect(await world().scores.findOutcomesForChallenge(ID.challenge1, 0, 9, [])).toEqual([]);
  });

  it('replaces a score by its key (challenge, profile, period)', async () => {
    const again = { ...p1day1, progress: 9000, firedThresholds: [0.25, 0.5, 0.75], teamId: ID.team2 };
    await world().scores.saveMany([again]);
    expect(await world().scores.findForMember(ID.challenge1, ID.profile1, [1])).toEqual([again]);
    expect(byProfileAndPeriod(await world().scores.findForChallenge(ID.challenge1, 0, 9))).toEqual([reached, again, p1day2, p2day1]);
  });

  it("deletes every score of one challenge", async () => {
    await world().scores.deleteForChallenge(ID.challenge1);
    expect(await world().scores.findForChallenge(ID.challenge1, 0, 9)).toEqual([]);
    expect(await world().scores.findForChallenge(ID.challenge2, 0, 9)).toEqual([otherChallenge]);
  });
});

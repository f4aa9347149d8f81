import { ChallengeMember } from '@strive/domain';
import { ChallengeMemberMother } from '@strive/domain/testing';
import { challenge, ID, profile, seedProfiles } from './support/fixtures';
import { describeContract } from './support/contract';

describeContract('MembershipRepository', (world) => {
  const member = (challengeId: string, profileId: string, joinedAt: string, overrides: Partial<ChallengeMember> = {}) =>
    ChallengeMemberMother.create({ challengeId, profileId, joinedAt: new Date(joinedAt), ...overrides });
  // Profile 3 joined first and paused twice (the second pause still open); 1 and 2 joined together.
  const paused = member(ID.challenge1, ID.profile3, '2026-02-28T00:00:00Z', {
    inactiveIntervals: [
      { from: new Date('2026-03-02T00:00:00Z'), to: new Date('2026-03-03T12:00:00Z') },
      { from: new Date('2026-03-05T00:00:00Z'), to: null },
    ],
  });
  const withTeam = member(ID.challenge1, ID.profile2, '2026-03-01T00:00:00Z', { teamId: ID.team1 });
  const plain = member(ID.challenge1, ID.profile1, '2026-03-01T00:00:00Z');
  const elsewhere = member(ID.challenge2, ID.profile1, '2026-03-04T00:00:00Z');

  beforeEach(async () => {
    await seedProfiles(world(), [profile(ID.profile1, ID.appA), profile(ID.profile2, ID.appA), profile(ID.profile3, ID.appA)]);
    await world().challenges.save(challenge(ID.challenge1));
    await world().challenges.save(challenge(ID.challenge2));
    await world().memberships.addAllIfAbsent([withTeam, plain, paused, elsewhere]);
  });

  it('finds a member by challenge and profile, with its inactive intervals', async () => {
    expect(await world().memberships.find(ID.challenge1, ID.profile3)).toEqual(paused);
    expect(await world().memberships.find(ID.challenge2, ID.profile2)).toBeNull();
  });

  it('finds the members among some profiles of a challenge, leaving the others out', async () => {
    const found = await world().memberships.findMany(ID.challenge1, [ID.profile3, ID.profile2, ID.profile4]);
    expect([...found].sort((a, b) => (a.profileId < b.profileId ? -1 : 1))).toEqual([withTeam, paused].sort((a, b) => (a.profileId < b.profileId ? -1 : 1)));
    expect(await world().memberships.findMany(ID.challenge2, [ID.profile2])).toEqual([]);
    expect(await world().memberships.findMany(ID.challenge1, [])).toEqual([]);
  });

  it("lists a challenge's members by joining time, then profile id, and a profile's memberships", async () => {
    expect(await world().memberships.listByChallenge(ID.challenge1)).toEqual([paused, plain, withTeam]);
    const ofProfile1 = await world().memberships.listByProfile(ID.profile1);
    expect([...ofProfile1].sort((a, b) => (a.challengeId < b.challengeId ? -1 : 1))).toEqual([plain, elsewhere]);
  });

  it("pages through a challenge's members in profile id order, each page after the last id of the one before", async () => {
    // challenge1's members by id: profile1 (10...), profile2 (20...), profile3 (30...); profile1's membership of challenge2 is not one.
    expect(await world().memberships.listPageByChallenge(ID.challenge1, null, 2)).toEqual([plain, withTeam]);
    expect(await world().memberships.listPageByChallenge(ID.challenge1, ID.profile2, 2)).toEqual([paused]);
    expect(await world().memberships.listPageByChallenge(ID.challenge1, ID.profile1, 5)).toEqual([withTeam, paused]);
    expect(await world().memberships.listPageByChallenge(ID.challenge1, ID.profile3, 2)).toEqual([]);
    expect(await world().memberships.listPageByChallenge(ID.challenge2, null, 2)).toEqual([elsewhere]);
  });

  it('counts the members playing for a team; updating a member replaces it, adding it again does not', async () => {
    expect(await world().memberships.countByTeam(ID.team1)).toBe(1);
    expect(await world().memberships.countByTeam(ID.team2)).toBe(0);
    const moved = { ...plain, teamId: ID.team1, inactiveIntervals: [{ from: new Date('2026-03-06T00:00:00Z'), to: null }] };
    expect(await world().memberships.addAllIfAbsent([moved])).toEqual([]);
    expect(await world().memberships.find(ID.challenge1, ID.profile1)).toEqual(plain);
    await world().memberships.updateAll([moved]);
    expect(await world().memberships.find(ID.challenge1, ID.profile1)).toEqual(moved);
    expect(await world().memberships.countByTeam(ID.team1)).toBe(2);
  });

  it('updates only members that exist: one removed meanwhile stays removed', async () => {
    await world().memberships.removeAll(ID.challenge1, [ID.profile1], false);
    await world().memberships.updateAll([plain]);
    expect(await world().memberships.find(ID.challenge1, ID.profile1)).toBeNull();
  });

  it('skips profiles that opted out when asked to (automatic enrollment), and answers only what it inserted', async () => {
    await world().memberships.removeAll(ID.challenge1, [ID.profile1], true);
    expect(await world().memberships.addAllIfAbsent([plain], { skipOptedOut: true })).toEqual([]);
    expect(await world().memberships.find(ID.challenge1, ID.profile1)).toBeNull();
    expect(await world().memberships.addAllIfAbsent([plain, withTeam])).toEqual([plain]);
    expect(await world().memberships.listOptedOut(ID.challenge1)).toEqual([]);
  });

  it('removes members, recording an opt-out only when asked; coming back clears it', async () => {
    await world().memberships.removeAll(ID.challenge1, [ID.profile1], false);
    expect(await world().memberships.find(ID.challenge1, ID.profile1)).toBeNull();
    expect(await world().memberships.listOptedOut(ID.challenge1)).toEqual([]);

    await world().memberships.removeAll(ID.challenge1, [ID.profile2, ID.profile3], true);
    expect(await world().memberships.listByChallenge(ID.challenge1)).toEqual([]);
    expect([...(await world().memberships.listOptedOut(ID.challenge1))].sort()).toEqual([ID.profile2, ID.profile3]);
    expect(await world().memberships.listOptedOut(ID.challenge2)).toEqual([]);
    expect(await world().memberships.find(ID.challenge2, ID.profile1)).toEqual(elsewhere);

    await world().memberships.addAllIfAbsent([withTeam]);
    expect(await world().memberships.listOptedOut(ID.challenge1)).toEqual([ID.profile3]);
  });
});

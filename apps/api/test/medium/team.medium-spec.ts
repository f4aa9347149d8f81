import { TeamMother } from '@strive/domain/testing';
import { ID, profile, seedProfiles } from './support/fixtures';
import { describeContract } from './support/contract';

describeContract('TeamRepository', (world) => {
  const team = (id: string, createdAt: string, appId: string = ID.appA) => TeamMother.create({ id, appId, name: `team ${id.slice(0, 2)}`, createdAt: new Date(createdAt) });
  const member = (teamId: string, profileId: string, joinedAt: string) => TeamMother.membership({ teamId, profileId, joinedAt: new Date(joinedAt) });
  const teamOfB = 'e4000000-0000-4000-8000-0000000000e4';
  // team 2 is the oldest; teams 1 and 3 were created at the same instant (the tie goes by id).
  const one = team(ID.team1, '2026-01-02T00:00:00Z');
  const two = team(ID.team2, '2026-01-01T00:00:00Z');
  const three = team(ID.team3, '2026-01-02T00:00:00Z');

  beforeEach(async () => {
    await seedProfiles(world(), [profile(ID.profile1, ID.appA), profile(ID.profile2, ID.appA), profile(ID.profile3, ID.appA), profile(ID.profile4, ID.appB)]);
    for (const t of [three, one, two, team(teamOfB, '2025-01-01T00:00:00Z', ID.appB)]) await world().teams.save(t);
  });

  it('finds a team within its app; saving it again renames it', async () => {
    expect(await world().teams.findById(ID.appA, ID.team1)).toEqual(one);
    expect(await world().teams.findById(ID.appB, ID.team1)).toBeNull();
    await world().teams.save({ ...one, name: 'Renamed' });
    expect(await world().teams.findById(ID.appA, ID.team1)).toEqual({ ...one, name: 'Renamed' });
  });

  it("pages the app's teams, oldest first, then by id", async () => {
    expect(await world().teams.list(ID.appA, { limit: 10, offset: 0 })).toEqual({ count: 3, items: [two, one, three] });
    expect(await world().teams.list(ID.appA, { limit: 1, offset: 1 })).toEqual({ count: 3, items: [one] });
    expect((await world().teams.list(ID.appB, { limit: 10, offset: 0 })).count).toBe(1);
  });

  describe('memberships', () => {
    beforeEach(() =>
      world().teams.addMemberships([
        member(ID.team1, ID.profile3, '2026-02-03T00:00:00Z'),
        member(ID.team1, ID.profile2, '2026-02-01T00:00:00Z'),
        member(ID.team1, ID.profile1, '2026-02-01T00:00:00Z'),
        member(ID.team2, ID.profile1, '2026-02-05T00:00:00Z'),
      ]),
    );

    it('lists the members of a team by joining time, then profile id', async () => {
      expect(await world().teams.listMembers(ID.team1)).toEqual([
        member(ID.team1, ID.profile1, '2026-02-01T00:00:00Z'),
        member(ID.team1, ID.profile2, '2026-02-01T00:00:00Z'),
        member(ID.team1, ID.profile3, '2026-02-03T00:00:00Z'),
      ]);
      expect(await world().teams.listMembers(ID.team3)).toEqual([]);
    });

    it("finds one membership, and every membership of a profile", async () => {
      expect(await world().teams.findMembership(ID.team1, ID.profile2)).toEqual(member(ID.team1, ID.profile2, '2026-02-01T00:00:00Z'));
      expect(await world().teams.findMembership(ID.team2, ID.profile2)).toBeNull();
      const ofProfile1 = await world().teams.listMembershipsOfProfile(ID.profile1);
      expect([...ofProfile1].sort((a, b) => (a.teamId < b.teamId ? -1 : 1))).toEqual([
        member(ID.team1, ID.profile1, '2026-02-01T00:00:00Z'),
        member(ID.team2, ID.profile1, '2026-02-05T00:00:00Z'),
      ]);
    });

    it('keeps an existing membership as it is when it is added again', async () => {
      await world().teams.addMemberships([member(ID.team1, ID.profile1, '2026-03-01T00:00:00Z'), member(ID.team3, ID.profile2, '2026-03-01T00:00:00Z')]);
      expect(await world().teams.findMembership(ID.team1, ID.profile1)).toEqual(member(ID.team1, ID.profile1, '2026-02-01T00:00:00Z'));
      expect(await world().teams.listMembers(ID.team1)).toHaveLength(3);
      expect(await world().teams.listMembers(ID.team3)).toEqual([member(ID.team3, ID.profile2, '2026-03-01T00:00:00Z')]);
    });

    it('removes the given profiles from one team only', async () => {
      await world().teams.removeMemberships(ID.team1, [ID.profile1, ID.profile4]);
      expect((await world().teams.listMembers(ID.team1)).map((m) => m.profileId)).toEqual([ID.profile2, ID.profile3]);
      expect(await world().teams.findMembership(ID.team2, ID.profile1)).toEqual(member(ID.team2, ID.profile1, '2026-02-05T00:00:00Z'));
    });

    it('deletes a team with its memberships, within its app only', async () => {
      await world().teams.delete(ID.appB, ID.team1);
      expect(await world().teams.findById(ID.appA, ID.team1)).toEqual(one);
      await world().teams.delete(ID.appA, ID.team1);
      expect(await world().teams.findById(ID.appA, ID.team1)).toBeNull();
      expect(await world().teams.listMembers(ID.team1)).toEqual([]);
      expect(await world().teams.listMembershipsOfProfile(ID.profile1)).toEqual([member(ID.team2, ID.profile1, '2026-02-05T00:00:00Z')]);
    });
  });
});

import { ChallengeMother } from '../../testing/challenge-mother';
import { aProfile, gamificationWorld } from '../../testing/gamification-world';
import { RecordingMemberRescorer } from '../../testing/recording-member-rescorer';
import { TeamMother } from '../../testing/team-mother';
import { IdentityErrorCode } from '../identity/identity-error';
import { TeamErrorCode } from '../team/team-error';
import { AddTeamMembersUseCase } from './add-team-members.use-case';
import { EnrollAutomaticMembersUseCase } from './enroll-automatic-members.use-case';
import { JoinTeamUseCase } from './join-team.use-case';
import { LeaveTeamUseCase } from './leave-team.use-case';
import { RemoveTeamMembersUseCase } from './remove-team-members.use-case';

const NOW = new Date('2026-03-04T10:00:00Z');

function world() {
  const w = gamificationWorld({ profiles: ['profile-1', 'profile-2', 'profile-3'].map((id) => aProfile({ id })) });
  void w.teams.save(TeamMother.create({ id: 'red' }));
  void w.teams.save(TeamMother.create({ id: 'blue' }));
  void w.teams.save(TeamMother.create({ id: 'foreign', appId: 'app-2' }));
  const rescorer = new RecordingMemberRescorer();
  const enroll = new EnrollAutomaticMembersUseCase(w.challenges, w.memberships, w.teams, w.profiles, w.clock);
  return {
    ...w,
    rescorer,
    join: new JoinTeamUseCase(w.teams, w.profiles, w.clock, enroll, w.challenges, rescorer),
    leave: new LeaveTeamUseCase(w.teams, w.profiles),
    addMany: new AddTeamMembersUseCase(w.teams, w.profiles, w.clock, enroll, w.challenges, rescorer),
    removeMany: new RemoveTeamMembersUseCase(w.teams, w.profiles),
  };
}

const teamOf = async (w: ReturnType<typeof world>, profileId: string) => (await w.profiles.findInApp('app-1', profileId))?.team;

describe(JoinTeamUseCase.name, () => {
  it('makes the profile a member and its first team the profile team', async () => {
    const sut = world();
    expect(await sut.join.execute({ appId: 'app-1', teamId: 'red', profileId: 'profile-1' })).toEqual({ teamId: 'red', profileId: 'profile-1', joinedAt: NOW });
    sut.clock.advance(1000);
    await sut.join.execute({ appId: 'app-1', teamId: 'blue', profileId: 'profile-1' });
    expect(await teamOf(sut, 'profile-1')).toBe('red');
    expect((await sut.teams.listMembershipsOfProfile('profile-1')).map((m) => m.teamId)).toEqual(['red', 'blue']);
  });

  it('lets the insert decide a race: a join that finds no membership but loses the insert is already_member', async () => {
    const sut = world();
    await sut.join.execute({ appId: 'app-1', teamId: 'red', profileId: 'profile-1' });
    sut.teams.findMembership = async () => null; // read before the other join committed
    await expect(sut.join.execute({ appId: 'app-1', teamId: 'red', profileId: 'profile-1' })).rejects.toMatchObject({ code: TeamErrorCode.AlreadyMember });
    expect(sut.teams.memberships).toHaveLength(1);
  });

  it('enrolls the profile in AUTOMATIC TEAM challenges that skipped it, and scores it there', async () => {
    const sut = world();
    await sut.challenges.save(ChallengeMother.create({ id: 'auto-team', type: 'TEAM', enrollmentMethod: 'AUTOMATIC' }));
    await sut.join.execute({ appId: 'app-1', teamId: 'red', profileId: 'profile-1' });
    expect((await sut.memberships.find('auto-team', 'profile-1'))?.teamId).toBe('red');
    expect(sut.rescorer.calls).toEqual([['auto-team', ['profile-1']]]);
  });

  it.each([
    ['twice', { teamId: 'red' }, TeamErrorCode.AlreadyMember],
    ['an unknown team', { teamId: 'nope' }, TeamErrorCode.NotFound],
    ["another app's team", { teamId: 'foreign' }, TeamErrorCode.NotFound],
    ['for an unknown profile', { profileId: 'ghost' }, IdentityErrorCode.ProfileNotFound],
  ])('refuses joining %s', async (_, overrides, code) => {
    const sut = world();
    await sut.join.execute({ appId: 'app-1', teamId: 'red', profileId: 'profile-1' });
    await expect(sut.join.execute({ appId: 'app-1', teamId: 'red', profileId: 'profile-1', ...overrides })).rejects.toMatchObject({ code });
    expect(sut.teams.memberships).toHaveLength(1);
  });
});

describe(LeaveTeamUseCase.name, () => {
  it('removes the membership; the next team becomes the profile team, then none', async () => {
    const sut = world();
    await sut.join.execute({ appId: 'app-1', teamId: 'red', profileId: 'profile-1' });
    sut.clock.advance(1000);
    await sut.join.execute({ appId: 'app-1', teamId: 'blue', profileId: 'profile-1' });
    await sut.leave.execute({ appId: 'app-1', teamId: 'red', profileId: 'profile-1' });
    expect(await teamOf(sut, 'profile-1')).toBe('blue');
    await sut.leave.execute({ appId: 'app-1', teamId: 'blue', profileId: 'profile-1' });
    expect(await teamOf(sut, 'profile-1')).toBeNull();
  });

  it('refuses a non-member', async () => {
    await expect(world().leave.execute({ appId: 'app-1', teamId: 'red', profileId: 'profile-1' })).rejects.toMatchObject({ code: TeamErrorCode.NotMember });
  });
});

describe(AddTeamMembersUseCase.name, () => {
  it('adds new members, skips existing ones and sets their profile team', async () => {
    const sut = world();
    await sut.join.execute({ appId: 'app-1', teamId: 'red', profileId: 'profile-2' });
    const result = await sut.addMany.execute({ appId: 'app-1', teamId: 'red', profileIds: ['profile-1', 'profile-2', 'profile-1'] });
    expect(result).toEqual({ added: [{ teamId: 'red', profileId: 'profile-1', joinedAt: NOW }], alreadyMembers: ['profile-2'] });
    expect(await teamOf(sut, 'profile-1')).toBe('red');
  });

  it('can be repeated safely', async () => {
    const sut = world();
    await sut.addMany.execute({ appId: 'app-1', teamId: 'red', profileIds: ['profile-1'] });
    expect(await sut.addMany.execute({ appId: 'app-1', teamId: 'red', profileIds: ['profile-1'] })).toEqual({ added: [], alreadyMembers: ['profile-1'] });
    expect(sut.teams.memberships).toHaveLength(1);
  });

  it('stores nothing when a profile is unknown', async () => {
    const sut = world();
    await expect(sut.addMany.execute({ appId: 'app-1', teamId: 'red', profileIds: ['profile-1', 'ghost'] })).rejects.toMatchObject({ code: IdentityErrorCode.ProfileNotFound });
    expect(sut.teams.memberships).toEqual([]);
  });
});

describe(RemoveTeamMembersUseCase.name, () => {
  it('removes members, reports non-members and clears the profile team', async () => {
    const sut = world();
    await sut.addMany.execute({ appId: 'app-1', teamId: 'red', profileIds: ['profile-1', 'profile-2'] });
    const result = await sut.removeMany.execute({ appId: 'app-1', teamId: 'red', profileIds: ['profile-1', 'profile-2', 'profile-3'] });
    expect(result).toEqual({ removed: ['profile-1', 'profile-2'], notMembers: ['profile-3'] });
    expect(sut.teams.memberships).toEqual([]);
    expect(await teamOf(sut, 'profile-1')).toBeNull();
  });

  it('refuses the whole call when a listed profile is unknown to the app', async () => {
    const sut = world();
    await sut.addMany.execute({ appId: 'app-1', teamId: 'red', profileIds: ['profile-1'] });
    await expect(sut.removeMany.execute({ appId: 'app-1', teamId: 'red', profileIds: ['profile-1', 'ghost'] })).rejects.toMatchObject({
      code: IdentityErrorCode.ProfileNotFound,
    });
    expect(sut.teams.memberships).toHaveLength(1);
  });

  it('writes nothing when nobody listed is a member', async () => {
    const sut = world();
    expect(await sut.removeMany.execute({ appId: 'app-1', teamId: 'blue', profileIds: ['profile-1'] })).toEqual({ removed: [], notMembers: ['profile-1'] });
  });
});

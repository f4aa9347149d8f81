import { ChallengeMemberMother, ChallengeMother } from '../../testing/challenge-mother';
import { aProfile, gamificationWorld } from '../../testing/gamification-world';
import { RecordingMemberRescorer } from '../../testing/recording-member-rescorer';
import { TeamMother } from '../../testing/team-mother';
import { Challenge } from '../challenge/challenge';
import { IdentityErrorCode } from '../identity/identity-error';
import { MembershipErrorCode as Code } from '../membership/membership-error';
import { TeamErrorCode } from '../team/team-error';
import { AddChallengeMembersUseCase } from './add-challenge-members.use-case';
import { EnrollAutomaticMembersUseCase } from './enroll-automatic-members.use-case';
import { JoinChallengeUseCase } from './join-challenge.use-case';
import { LeaveChallengeUseCase } from './leave-challenge.use-case';
import { RemoveChallengeMembersUseCase } from './remove-challenge-members.use-case';
import { SetMemberActiveUseCase } from './set-member-active.use-case';
import { SetMembersActiveUseCase } from './set-members-active.use-case';

const NOW = new Date('2026-03-04T10:00:00Z');
const LATER = new Date('2026-03-05T10:00:00Z');
const AFTER_END = '2026-03-09T00:00:00Z';

function world(challenges: Challenge[] = [ChallengeMother.create()], profileIds = ['profile-1', 'profile-2', 'profile-3']) {
  const w = gamificationWorld({ challenges, profiles: profileIds.map((id) => aProfile({ id })) });
  const rescorer = new RecordingMemberRescorer();
  return {
    ...w,
    rescorer,
    join: new JoinChallengeUseCase(w.challenges, w.memberships, w.teams, w.profiles, w.clock, rescorer),
    leave: new LeaveChallengeUseCase(w.challenges, w.memberships, w.clock),
    setActive: new SetMemberActiveUseCase(w.challenges, w.memberships, w.clock),
    setManyActive: new SetMembersActiveUseCase(w.challenges, w.memberships, w.clock),
    addMany: new AddChallengeMembersUseCase(w.challenges, w.memberships, w.teams, w.profiles, w.clock, rescorer),
    removeMany: new RemoveChallengeMembersUseCase(w.challenges, w.memberships, w.clock, w.profiles),
    enrollAutomatic: new EnrollAutomaticMembersUseCase(w.challenges, w.memberships, w.teams, w.profiles, w.clock),
  };
}

const ids = { appId: 'app-1', challengeId: 'challenge-1' };

describe(JoinChallengeUseCase.name, () => {
  it('stores the new member, joined at the clock time', async () => {
    const sut = world();
    const member = await sut.join.execute({ ...ids, profileId: 'profile-1', by: 'profile' });
    expect(member).toEqual(ChallengeMemberMother.create({ joinedAt: NOW }));
    expect(await sut.memberships.find('challenge-1', 'profile-1')).toEqual(member);
    expect(sut.rescorer.calls).toEqual([['challenge-1', ['profile-1']]]);
  });

  it('lets the insert decide a race: a join that finds no member but loses the insert is already_member', async () => {
    const sut = world();
    const winner = ChallengeMemberMother.create({ joinedAt: NOW });
    await sut.memberships.addAllIfAbsent([winner]);
    sut.memberships.find = async () => null; // read before the other join committed
    await expect(sut.join.execute({ ...ids, profileId: 'profile-1', by: 'profile' })).rejects.toMatchObject({ code: Code.AlreadyMember });
    expect(sut.memberships.members.size).toBe(1);
    expect(sut.rescorer.calls).toEqual([]);
  });

  it('refuses an unknown or foreign team with team.not_found before anything is stored', async () => {
    const sut = world([ChallengeMother.create({ type: 'TEAM' })]);
    await sut.teams.save(TeamMother.create({ id: 'foreign', appId: 'app-2' }));
    for (const teamId of ['nope', 'foreign']) {
      await expect(sut.join.execute({ ...ids, profileId: 'profile-1', teamId, by: 'admin' })).rejects.toMatchObject({ code: TeamErrorCode.NotFound });
    }
    expect(sut.memberships.members.size).toBe(0);
  });

  it('takes the first team for a TEAM challenge', async () => {
    const sut = world([ChallengeMother.create({ type: 'TEAM' })]);
    await sut.teams.addMemberships([
      TeamMother.membership({ teamId: 'late', joinedAt: new Date('2026-02-10T00:00:00Z') }),
      TeamMother.membership({ teamId: 'early', joinedAt: new Date('2026-02-01T00:00:00Z') }),
    ]);
    expect((await sut.join.execute({ ...ids, profileId: 'profile-1', by: 'profile' })).teamId).toBe('early');
  });

  it('lets an administrator add to a PRIVATE challenge; to the profile itself it does not exist', async () => {
    const sut = world([ChallengeMother.create({ visibility: 'PRIVATE' })]);
    await expect(sut.join.execute({ ...ids, profileId: 'profile-1', by: 'profile' })).rejects.toMatchObject({ code: Code.ChallengeNotFound });
    await expect(sut.join.execute({ ...ids, profileId: 'profile-1', by: 'admin' })).resolves.toMatchObject({ profileId: 'profile-1' });
  });

  it.each([
    ['an unknown challenge', { challengeId: 'nope' }, Code.ChallengeNotFound],
    ["another app's challenge", { appId: 'app-2' }, Code.ChallengeNotFound],
    ['an unknown profile', { profileId: 'ghost' }, IdentityErrorCode.ProfileNotFound],
  ])('refuses %s', async (_, overrides, code) => {
    const sut = world();
    await expect(sut.join.execute({ ...ids, profileId: 'profile-1', by: 'profile', ...overrides })).rejects.toMatchObject({ code });
  });

  it('refuses an ended challenge (409 conflict) and stores nothing', async () => {
    const sut = world();
    sut.clock.set(AFTER_END);
    await expect(sut.join.execute({ ...ids, profileId: 'profile-1', by: 'profile' })).rejects.toMatchObject({ code: Code.ChallengeEnded });
    expect(sut.memberships.members.size).toBe(0);
  });
});

describe('moves of a profile on a PRIVATE challenge it is not in', () => {
  it('answer "challenge not found", as reads do; a member or an administrator gets the move\'s own answer', async () => {
    const sut = world([ChallengeMother.create({ visibility: 'PRIVATE' })]);
    const asProfile = { ...ids, profileId: 'profile-1', by: 'profile' as const };
    await expect(sut.leave.execute(asProfile)).rejects.toMatchObject({ code: Code.ChallengeNotFound });
    await expect(sut.setActive.execute({ ...asProfile, isActive: false })).rejects.toMatchObject({ code: Code.ChallengeNotFound });
    await expect(sut.setManyActive.execute({ ...ids, profileIds: ['profile-1'], isActive: false, by: 'profile' })).rejects.toMatchObject({
      code: Code.ChallengeNotFound,
    });
    await expect(sut.leave.execute({ ...asProfile, by: 'admin' })).rejects.toMatchObject({ code: Code.NotMember });
    await sut.memberships.addAllIfAbsent([ChallengeMemberMother.create()]);
    await expect(sut.setActive.execute({ ...asProfile, isActive: false })).resolves.toMatchObject({ changed: true });
  });
});

describe(LeaveChallengeUseCase.name, () => {
  it('removes the member; leaving a MANUAL challenge records no opt-out', async () => {
    const sut = world();
    await sut.memberships.addAllIfAbsent([ChallengeMemberMother.create()]);
    await sut.leave.execute({ ...ids, profileId: 'profile-1' });
    expect(await sut.memberships.find('challenge-1', 'profile-1')).toBeNull();
    expect(await sut.memberships.listOptedOut('challenge-1')).toEqual([]);
  });

  it('records an opt-out for an AUTOMATIC challenge, which a later join clears', async () => {
    const sut = world([ChallengeMother.create({ enrollmentMethod: 'AUTOMATIC' })]);
    await sut.memberships.addAllIfAbsent([ChallengeMemberMother.create()]);
    await sut.leave.execute({ ...ids, profileId: 'profile-1' });
    expect(await sut.memberships.listOptedOut('challenge-1')).toEqual(['profile-1']);
    await sut.join.execute({ ...ids, profileId: 'profile-1', by: 'profile' });
    expect(await sut.memberships.listOptedOut('challenge-1')).toEqual([]);
  });

  it('refuses a non-member', async () => {
    await expect(world().leave.execute({ ...ids, profileId: 'profile-1' })).rejects.toMatchObject({ code: Code.NotMember });
  });
});

describe(SetMemberActiveUseCase.name, () => {
  it('deactivates, is idempotent, then reactivates', async () => {
    const sut = world();
    await sut.memberships.addAllIfAbsent([ChallengeMemberMother.create()]);
    const off = await sut.setActive.execute({ ...ids, profileId: 'profile-1', isActive: false });
    expect(off.changed).toBe(true);
    expect((await sut.setActive.execute({ ...ids, profileId: 'profile-1', isActive: false })).changed).toBe(false);
    sut.clock.set(LATER);
    const on = await sut.setActive.execute({ ...ids, profileId: 'profile-1', isActive: true });
    expect(on.member.inactiveIntervals).toEqual([{ from: NOW, to: LATER }]);
    expect(await sut.memberships.find('challenge-1', 'profile-1')).toEqual(on.member);
  });

  it('refuses a non-member', async () => {
    await expect(world().setActive.execute({ ...ids, profileId: 'profile-1', isActive: false })).rejects.toMatchObject({ code: Code.NotMember });
  });
});

describe(SetMembersActiveUseCase.name, () => {
  it('deactivates many; members already inactive are reported unchanged', async () => {
    const sut = world();
    const inactive = ChallengeMemberMother.create({ profileId: 'profile-2', inactiveIntervals: [{ from: NOW, to: null }] });
    await sut.memberships.addAllIfAbsent([ChallengeMemberMother.create(), inactive]);
    const result = await sut.setManyActive.execute({ ...ids, profileIds: ['profile-1', 'profile-2', 'profile-1'], isActive: false });
    expect(result.changed.map((m) => m.profileId)).toEqual(['profile-1']);
    expect(result.unchanged).toEqual([inactive]);
    expect((await sut.memberships.find('challenge-1', 'profile-1'))?.inactiveIntervals).toEqual([{ from: NOW, to: null }]);
  });

  it('writes nothing when everyone already is in the asked state', async () => {
    const sut = world();
    await sut.memberships.addAllIfAbsent([ChallengeMemberMother.create()]);
    const updateAll = jest.spyOn(sut.memberships, 'updateAll');
    expect(await sut.setManyActive.execute({ ...ids, profileIds: ['profile-1'], isActive: true })).toEqual({
      changed: [],
      unchanged: [ChallengeMemberMother.create()],
    });
    expect(updateAll).not.toHaveBeenCalled();
  });

  it('is all or nothing: one non-member refuses the call and changes nobody', async () => {
    const sut = world();
    await sut.memberships.addAllIfAbsent([ChallengeMemberMother.create()]);
    await expect(sut.setManyActive.execute({ ...ids, profileIds: ['profile-1', 'profile-3'], isActive: false })).rejects.toMatchObject({
      code: Code.NotMember,
      profileId: 'profile-3',
    });
    expect((await sut.memberships.find('challenge-1', 'profile-1'))?.inactiveIntervals).toEqual([]);
  });
});

describe(AddChallengeMembersUseCase.name, () => {
  it('adds the new profiles and skips existing members', async () => {
    const sut = world([ChallengeMother.create({ visibility: 'PRIVATE' })]);
    const existing = ChallengeMemberMother.create({ profileId: 'profile-2' });
    await sut.memberships.addAllIfAbsent([existing]);
    const result = await sut.addMany.execute({ ...ids, profileIds: ['profile-1', 'profile-2', 'profile-3'] });
    expect(result.added.map((m) => m.profileId)).toEqual(['profile-1', 'profile-3']);
    expect(result.alreadyMembers).toEqual(['profile-2']);
    expect(await sut.memberships.find('challenge-1', 'profile-2')).toBe(existing);
    expect(sut.memberships.members.size).toBe(3);
    expect(sut.rescorer.calls).toEqual([['challenge-1', ['profile-1', 'profile-3']]]);
  });

  it('can be repeated safely: a second identical call adds nobody', async () => {
    const sut = world();
    await sut.addMany.execute({ ...ids, profileIds: ['profile-1'] });
    expect(await sut.addMany.execute({ ...ids, profileIds: ['profile-1'] })).toEqual({ added: [], alreadyMembers: ['profile-1'] });
  });

  it('is all or nothing: a profile without a team in a TEAM challenge refuses the whole call', async () => {
    const sut = world([ChallengeMother.create({ type: 'TEAM' })]);
    await sut.teams.addMemberships([TeamMother.membership({ profileId: 'profile-1' })]);
    await expect(sut.addMany.execute({ ...ids, profileIds: ['profile-1', 'profile-2'] })).rejects.toMatchObject({
      code: Code.TeamRequired,
      profileId: 'profile-2',
    });
    expect(sut.memberships.members.size).toBe(0);
  });

  it('uses the given team for everyone and refuses a profile outside it', async () => {
    const sut = world([ChallengeMother.create({ type: 'TEAM' })]);
    await sut.teams.save(TeamMother.create({ id: 'team-1' }));
    await sut.teams.addMemberships([TeamMother.membership({ profileId: 'profile-1' }), TeamMother.membership({ profileId: 'profile-2' })]);
    const result = await sut.addMany.execute({ ...ids, profileIds: ['profile-1', 'profile-2'], teamId: 'team-1' });
    expect(result.added.map((m) => m.teamId)).toEqual(['team-1', 'team-1']);
    await expect(sut.addMany.execute({ ...ids, profileIds: ['profile-3'], teamId: 'team-1' })).rejects.toMatchObject({ code: Code.NotTeamMember });
  });

  it('refuses unknown profiles and ended challenges before storing anything', async () => {
    const sut = world();
    await expect(sut.addMany.execute({ ...ids, profileIds: ['profile-1', 'ghost'] })).rejects.toMatchObject({ code: IdentityErrorCode.ProfileNotFound });
    sut.clock.set(AFTER_END);
    await expect(sut.addMany.execute({ ...ids, profileIds: ['profile-1'] })).rejects.toMatchObject({ code: Code.ChallengeEnded });
    expect(sut.memberships.members.size).toBe(0);
  });
});

describe(RemoveChallengeMembersUseCase.name, () => {
  it('removes members, reports non-members, and opts out of AUTOMATIC challenges', async () => {
    const sut = world([ChallengeMother.create({ enrollmentMethod: 'AUTOMATIC' })]);
    await sut.memberships.addAllIfAbsent([ChallengeMemberMother.create(), ChallengeMemberMother.create({ profileId: 'profile-2' })]);
    const result = await sut.removeMany.execute({ ...ids, profileIds: ['profile-1', 'profile-3', 'profile-2'] });
    expect(result).toEqual({ removed: ['profile-1', 'profile-2'], notMembers: ['profile-3'] });
    expect(sut.memberships.members.size).toBe(0);
    expect((await sut.memberships.listOptedOut('challenge-1')).sort()).toEqual(['profile-1', 'profile-2']);
  });

  it('does not opt out of MANUAL challenges and writes nothing when nobody is a member', async () => {
    const sut = world();
    await sut.memberships.addAllIfAbsent([ChallengeMemberMother.create()]);
    expect(await sut.removeMany.execute({ ...ids, profileIds: ['profile-3'] })).toEqual({ removed: [], notMembers: ['profile-3'] });
    await sut.removeMany.execute({ ...ids, profileIds: ['profile-1'] });
    expect(await sut.memberships.listOptedOut('challenge-1')).toEqual([]);
  });

  it('refuses the whole call when a listed profile is unknown to the app', async () => {
    const sut = world();
    await sut.memberships.addAllIfAbsent([ChallengeMemberMother.create()]);
    await expect(sut.removeMany.execute({ ...ids, profileIds: ['profile-1', 'ghost'] })).rejects.toMatchObject({
      code: IdentityErrorCode.ProfileNotFound,
    });
    expect(sut.memberships.members.size).toBe(1);
  });

  it('refuses an ended challenge', async () => {
    const sut = world();
    await sut.memberships.addAllIfAbsent([ChallengeMemberMother.create()]);
    sut.clock.set(AFTER_END);
    await expect(sut.removeMany.execute({ ...ids, profileIds: ['profile-1'] })).rejects.toMatchObject({ code: Code.ChallengeEnded });
    expect(sut.memberships.members.size).toBe(1);
  });
});

describe(EnrollAutomaticMembersUseCase.name, () => {
  const automatic = ChallengeMother.create({ id: 'auto', enrollmentMethod: 'AUTOMATIC' });
  const automaticTeam = ChallengeMother.create({ id: 'auto-team', enrollmentMethod: 'AUTOMATIC', type: 'TEAM' });
  const ended = ChallengeMother.create({ id: 'auto-ended', enrollmentMethod: 'AUTOMATIC', end: new Date('2026-03-03T00:00:00Z') });
  const manual = ChallengeMother.create({ id: 'manual' });

  it("enrolls all of the app's profiles in a new AUTOMATIC challenge", async () => {
    const sut = world([automatic]);
    const result = await sut.enrollAutomatic.execute({ appId: 'app-1', challengeId: 'auto' });
    expect(result.enrolled.map((m) => m.profileId)).toEqual(['profile-1', 'profile-2', 'profile-3']);
    expect(result.skipped).toEqual([]);
    expect((await sut.memberships.listByChallenge('auto')).length).toBe(3);
  });

  it('pages through many profiles', async () => {
    const many = Array.from({ length: 501 }, (_, i) => `p-${String(i).padStart(3, '0')}`);
    const sut = world([automatic], many);
    expect((await sut.enrollAutomatic.execute({ appId: 'app-1', challengeId: 'auto' })).enrolled).toHaveLength(501);
  });

  it('enrolls a new profile in every running AUTOMATIC challenge, skipping what it cannot or must not', async () => {
    const sut = world([automatic, automaticTeam, ended, manual]);
    const result = await sut.enrollAutomatic.execute({ appId: 'app-1', profileIds: ['profile-1'] });
    expect(result.enrolled.map((m) => m.challengeId)).toEqual(['auto']);
    expect(result.skipped).toEqual([{ challengeId: 'auto-team', profileId: 'profile-1', reason: Code.TeamRequired }]);
  });

  it('is idempotent and never re-enrolls a profile that left', async () => {
    const sut = world([automatic]);
    await sut.enrollAutomatic.execute({ appId: 'app-1', challengeId: 'auto' });
    await sut.leave.execute({ appId: 'app-1', challengeId: 'auto', profileId: 'profile-2' });
    const again = await sut.enrollAutomatic.execute({ appId: 'app-1', challengeId: 'auto' });
    expect(again.enrolled).toEqual([]);
    expect(again.skipped.map((s) => [s.profileId, s.reason])).toEqual([
      ['profile-1', Code.AlreadyMember],
      ['profile-2', 'opted_out'],
      ['profile-3', Code.AlreadyMember],
    ]);
  });

  it('reports every profile of an explicitly named ended challenge as skipped', async () => {
    const sut = world([ended]);
    const result = await sut.enrollAutomatic.execute({ appId: 'app-1', challengeId: 'auto-ended', profileIds: ['profile-1'] });
    expect(result).toEqual({ enrolled: [], skipped: [{ challengeId: 'auto-ended', profileId: 'profile-1', reason: Code.ChallengeEnded }] });
  });

  it('refuses to run on a MANUAL challenge', async () => {
    await expect(world([manual]).enrollAutomatic.execute({ appId: 'app-1', challengeId: 'manual' })).rejects.toMatchObject({ code: Code.NotAutomatic });
  });

  it('serves as the profile-created hook', async () => {
    const sut = world([automatic]);
    await sut.enrollAutomatic.asProfileCreatedListener()(aProfile({ id: 'profile-2' }));
    expect((await sut.memberships.listByProfile('profile-2')).map((m) => m.challengeId)).toEqual(['auto']);
  });

  it('lets unexpected errors through', async () => {
    const sut = world([automatic]);
    sut.teams.listMembershipsOfProfile = async () => {
      throw new Error('database down');
    };
    await expect(sut.enrollAutomatic.execute({ appId: 'app-1', profileIds: ['profile-1'] })).rejects.toThrow('database down');
  });
});

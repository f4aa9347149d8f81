import { TeamMother } from '../../testing/team-mother';
import { createTeam, firstTeamOf, joinTeam, leaveTeam } from './team';
import { TeamError, TeamErrorCode } from './team-error';

const AT = new Date('2026-03-04T10:00:00Z');

describe('teams', () => {
  describe(createTeam.name, () => {
    it('trims the name', () => {
      expect(createTeam({ id: 't', appId: 'a', name: '  Blue  ', createdAt: AT })).toEqual({ id: 't', appId: 'a', name: 'Blue', createdAt: AT });
    });

    it.each(['', '   ', 'x'.repeat(101)])('refuses the name %j', (name) => {
      expect(() => createTeam({ id: 't', appId: 'a', name, createdAt: AT })).toThrow(
        expect.objectContaining({ code: TeamErrorCode.InvalidName }),
      );
    });

    it('accepts a name of exactly 100 characters', () => {
      expect(createTeam({ id: 't', appId: 'a', name: 'x'.repeat(100), createdAt: AT }).name).toHaveLength(100);
    });
  });

  describe(firstTeamOf.name, () => {
    it('is null without teams', () => {
      expect(firstTeamOf([])).toBeNull();
    });

    it('is the earliest joined, whatever the order; equal instants fall back to the team id', () => {
      const a = TeamMother.membership({ teamId: 'a', joinedAt: new Date('2026-02-02T00:00:00Z') });
      const b = TeamMother.membership({ teamId: 'b', joinedAt: new Date('2026-02-01T00:00:00Z') });
      const c = TeamMother.membership({ teamId: 'c', joinedAt: new Date('2026-02-01T00:00:00Z') });
      expect(firstTeamOf([a, c, b])?.teamId).toBe('b');
      expect(firstTeamOf([b, a, c])?.teamId).toBe('b');
      expect(firstTeamOf([a])?.teamId).toBe('a');
    });
  });

  it('joinTeam makes a membership and refuses a second one', () => {
    const team = TeamMother.create();
    const membership = joinTeam(team, 'profile-1', null, AT);
    expect(membership).toEqual({ teamId: 'team-1', profileId: 'profile-1', joinedAt: AT });
    expect(() => joinTeam(team, 'profile-1', membership, AT)).toThrow(expect.objectContaining({ code: TeamErrorCode.AlreadyMember }));
  });

  it('leaveTeam returns the membership that ends and refuses a non-member', () => {
    const team = TeamMother.create();
    const membership = TeamMother.membership();
    expect(leaveTeam(team, 'profile-1', membership)).toBe(membership);
    expect(() => leaveTeam(team, 'profile-1', null)).toThrow(expect.objectContaining({ code: TeamErrorCode.NotMember }));
  });

  it('TeamError.notFound names the team', () => {
    const error = TeamError.notFound('team-9');
    expect(error.code).toBe('team.not_found');
    expect(error.message).toBe('No team team-9.');
  });
});

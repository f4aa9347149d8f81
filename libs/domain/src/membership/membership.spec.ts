import fc from 'fast-check';
import { ChallengeMemberMother, ChallengeMother } from '../../testing/challenge-mother';
import { TeamMother } from '../../testing/team-mother';
import { Challenge } from '../challenge/challenge';
import { ChallengeMember } from './challenge-member';
import { Membership, assertMembershipOpen } from './membership';
import { MembershipError, MembershipErrorCode as Code } from './membership-error';

const BEFORE_START = new Date('2026-03-01T10:00:00Z');
const RUNNING = new Date('2026-03-04T10:00:00Z');
const LATER = new Date('2026-03-05T10:00:00Z');
const ENDED = new Date('2026-03-09T00:00:00Z'); // == end: exclusive, so already ended

function codeOf(move: () => unknown): Code | null {
  try {
    move();
    return null;
  } catch (error) {
    if (error instanceof MembershipError) return error.code;
    throw error;
  }
}

const noTeams = { profileTeams: [] };

describe(Membership.name, () => {
  describe('join (the profile itself)', () => {
    it('makes a MANUAL PUBLIC challenge member enrolled and active, joined now, no team', () => {
      const sut = Membership.of(ChallengeMother.create(), 'profile-1', null);
      const member = sut.join(RUNNING, noTeams);
      expect(member).toEqual({
        challengeId: 'challenge-1', profileId: 'profile-1', teamId: null, joinedAt: RUNNING, inactiveIntervals: [],
      });
      expect(sut.isEnrolled).toBe(true);
      expect(sut.isActive).toBe(true);
      expect(sut.member).toBe(member);
    });

    it('allows joining before the start', () => {
      expect(Membership.of(ChallengeMother.create(), 'profile-1', null).join(BEFORE_START, noTeams).joinedAt).toEqual(BEFORE_START);
    });

    it('ignores a team given for a non-TEAM challenge', () => {
      const sut = Membership.of(ChallengeMother.create({ type: 'GROUP' }), 'profile-1', null);
      expect(sut.join(RUNNING, { profileTeams: [], teamId: 'team-9' }).teamId).toBeNull();
    });

    it('lets a profile back into an AUTOMATIC challenge it left', () => {
      const sut = Membership.of(ChallengeMother.create({ enrollmentMethod: 'AUTOMATIC' }), 'profile-1', null);
      expect(sut.join(RUNNING, noTeams).profileId).toBe('profile-1');
    });

    it.each<[string, Partial<Challenge>, ChallengeMember | null, Date, Code]>([
      ['an ended challenge', {}, null, ENDED, Code.ChallengeEnded],
      ['twice', {}, ChallengeMemberMother.create(), RUNNING, Code.AlreadyMember],
      ['a PRIVATE challenge', { visibility: 'PRIVATE' }, null, RUNNING, Code.NotInvited],
      ['an ended PRIVATE challenge it is in (ended wins)', { visibility: 'PRIVATE' }, ChallengeMemberMother.create(), ENDED, Code.ChallengeEnded],
    ])('refuses joining %s', (_, challenge, member, at, code) => {
      const sut = Membership.of(ChallengeMother.create(challenge), 'profile-1', member);
      expect(codeOf(() => sut.join(at, noTeams))).toBe(code);
      expect(sut.member).toBe(member);
    });
  });

  describe('TEAM challenges', () => {
    const team = ChallengeMother.create({ type: 'TEAM' });
    const teams = [
      TeamMother.membership({ teamId: 'team-b', joinedAt: new Date('2026-02-03T00:00:00Z') }),
      TeamMother.membership({ teamId: 'team-a', joinedAt: new Date('2026-02-05T00:00:00Z') }),
      TeamMother.membership({ teamId: 'team-z', profileId: 'profile-2', joinedAt: new Date('2026-01-01T00:00:00Z') }),
    ];

    it('uses the first team the profile joined when none is given', () => {
      expect(Membership.of(team, 'profile-1', null).join(RUNNING, { profileTeams: teams }).teamId).toBe('team-b');
    });

    it('uses the team given when the profile belongs to it', () => {
      expect(Membership.of(team, 'profile-1', null).join(RUNNING, { profileTeams: teams, teamId: 'team-a' }).teamId).toBe('team-a');
    });

    it('refuses a team the profile is not in (another profile being in it does not count)', () => {
      const sut = Membership.of(team, 'profile-1', null);
      expect(codeOf(() => sut.join(RUNNING, { profileTeams: teams, teamId: 'team-z' }))).toBe(Code.NotTeamMember);
    });

    it('refuses a profile without any team', () => {
      const sut = Membership.of(team, 'profile-1', null);
      expect(codeOf(() => sut.add(RUNNING, { profileTeams: [teams[2]] }))).toBe(Code.TeamRequired);
      expect(sut.isEnrolled).toBe(false);
    });
  });

  describe('add (administrator)', () => {
    it('pre-enrols a profile in a PRIVATE challenge', () => {
      const sut = Membership.of(ChallengeMother.create({ visibility: 'PRIVATE' }), 'profile-1', null);
      expect(sut.add(RUNNING, noTeams).joinedAt).toEqual(RUNNING);
    });

    it('is what enrolBy("admin") does, while enrolBy("profile") joins', () => {
      const challenge = ChallengeMother.create({ visibility: 'PRIVATE' });
      expect(Membership.of(challenge, 'profile-1', null).enrolBy('admin', RUNNING, noTeams).profileId).toBe('profile-1');
      expect(codeOf(() => Membership.of(challenge, 'profile-1', null).enrolBy('profile', RUNNING, noTeams))).toBe(Code.NotInvited);
    });

    it.each<[string, ChallengeMember | null, Date, Code]>([
      ['after the end', null, ENDED, Code.ChallengeEnded],
      ['a member', ChallengeMemberMother.create(), RUNNING, Code.AlreadyMember],
    ])('refuses adding %s', (_, member, at, code) => {
      expect(codeOf(() => Membership.of(ChallengeMother.create(), 'profile-1', member).add(at, noTeams))).toBe(code);
    });
  });

  describe('enrollAutomatically', () => {
    const automatic = ChallengeMother.create({ enrollmentMethod: 'AUTOMATIC', visibility: 'PRIVATE' });

    it('enrols in an AUTOMATIC challenge, PRIVATE ones included (the enrolment is the pre-enrolment)', () => {
      expect(Membership.of(automatic, 'profile-1', null).enrollAutomatically(RUNNING, noTeams).joinedAt).toEqual(RUNNING);
    });

    it.each<[string, Challenge, ChallengeMember | null, Date, Code]>([
      ['a MANUAL challenge', ChallengeMother.create(), null, RUNNING, Code.NotAutomatic],
      ['an ended challenge', automatic, null, ENDED, Code.ChallengeEnded],
      ['a member', automatic, ChallengeMemberMother.create(), RUNNING, Code.AlreadyMember],
    ])('refuses %s', (_, challenge, member, at, code) => {
      expect(codeOf(() => Membership.of(challenge, 'profile-1', member).enrollAutomatically(at, noTeams))).toBe(code);
    });
  });

  describe('leave', () => {
    it('removes a member; leaving a MANUAL challenge is no opt-out', () => {
      const member = ChallengeMemberMother.create();
      const sut = Membership.of(ChallengeMother.create(), 'profile-1', member);
      expect(sut.leave(RUNNING)).toEqual({ removed: member, optedOut: false });
      expect(sut.isEnrolled).toBe(false);
      expect(sut.isActive).toBe(false);
    });

    it('opts out of an AUTOMATIC challenge (inactive members may leave too)', () => {
      const member = ChallengeMemberMother.create({ inactiveIntervals: [{ from: RUNNING, to: null }] });
      const sut = Membership.of(ChallengeMother.create({ enrollmentMethod: 'AUTOMATIC' }), 'profile-1', member);
      expect(sut.leave(LATER).optedOut).toBe(true);
    });

    it.each<[string, ChallengeMember | null, Date, Code]>([
      ['a non-member', null, RUNNING, Code.NotMember],
      ['after the end', ChallengeMemberMother.create(), ENDED, Code.ChallengeEnded],
    ])('refuses %s', (_, member, at, code) => {
      const sut = Membership.of(ChallengeMother.create(), 'profile-1', member);
      expect(codeOf(() => sut.leave(at))).toBe(code);
      expect(sut.member).toBe(member);
    });
  });

  describe('deactivate and reactivate', () => {
    it('opens an inactive interval, then closes it', () => {
      const sut = Membership.of(ChallengeMother.create(), 'profile-1', ChallengeMemberMother.create());
      expect(sut.deactivate(RUNNING).inactiveIntervals).toEqual([{ from: RUNNING, to: null }]);
      expect(sut.isActive).toBe(false);
      expect(sut.isEnrolled).toBe(true);
      expect(sut.reactivate(LATER).inactiveIntervals).toEqual([{ from: RUNNING, to: LATER }]);
      expect(sut.isActive).toBe(true);
    });

    it('keeps earlier closed intervals and drops an empty one', () => {
      const closed = { from: BEFORE_START, to: new Date('2026-03-02T00:00:00Z') };
      const sut = Membership.of(ChallengeMother.create(), 'profile-1', ChallengeMemberMother.create({ inactiveIntervals: [closed] }));
      sut.deactivate(RUNNING);
      expect(sut.reactivate(RUNNING).inactiveIntervals).toEqual([closed]);
    });

    it('never produces a negative interval when the clock stepped back', () => {
      const sut = Membership.of(ChallengeMother.create(), 'profile-1', ChallengeMemberMother.create());
      sut.deactivate(LATER);
      expect(sut.reactivate(RUNNING).inactiveIntervals).toEqual([]);
    });

    it.each<[string, (m: Membership) => unknown, ChallengeMember | null, Code]>([
      ['deactivating a non-member', (m) => m.deactivate(RUNNING), null, Code.NotMember],
      ['reactivating a non-member', (m) => m.reactivate(RUNNING), null, Code.NotMember],
      ['deactivating an inactive member', (m) => m.deactivate(LATER), ChallengeMemberMother.create({ inactiveIntervals: [{ from: RUNNING, to: null }] }), Code.AlreadyInactive],
      ['reactivating an active member', (m) => m.reactivate(LATER), ChallengeMemberMother.create(), Code.AlreadyActive],
      ['deactivating after the end', (m) => m.deactivate(ENDED), ChallengeMemberMother.create(), Code.ChallengeEnded],
      ['reactivating after the end', (m) => m.reactivate(ENDED), ChallengeMemberMother.create({ inactiveIntervals: [{ from: RUNNING, to: null }] }), Code.ChallengeEnded],
    ])('refuses %s', (_, move, member, code) => {
      const sut = Membership.of(ChallengeMother.create(), 'profile-1', member);
      expect(codeOf(() => move(sut))).toBe(code);
      expect(sut.member).toBe(member);
    });

    it('setActive is idempotent: false when already in the asked state', () => {
      const sut = Membership.of(ChallengeMother.create(), 'profile-1', ChallengeMemberMother.create());
      expect(sut.setActive(true, RUNNING)).toBe(false);
      expect(sut.setActive(false, RUNNING)).toBe(true);
      expect(sut.setActive(false, LATER)).toBe(false);
      expect(sut.setActive(true, LATER)).toBe(true);
      expect(sut.member?.inactiveIntervals).toEqual([{ from: RUNNING, to: LATER }]);
    });

    it('setActive refuses a non-member and an ended challenge', () => {
      expect(codeOf(() => Membership.of(ChallengeMother.create(), 'profile-1', null).setActive(true, RUNNING))).toBe(Code.NotMember);
      expect(codeOf(() => Membership.of(ChallengeMother.create(), 'profile-1', ChallengeMemberMother.create()).setActive(true, ENDED))).toBe(Code.ChallengeEnded);
    });
  });

  it('refuses a member record of another profile or challenge (a programming error)', () => {
    expect(() => Membership.of(ChallengeMother.create(), 'profile-2', ChallengeMemberMother.create())).toThrow(Error);
    expect(() => Membership.of(ChallengeMother.create({ id: 'other' }), 'profile-1', ChallengeMemberMother.create())).toThrow(Error);
  });

  it('errors carry the profile they are about', () => {
    try {
      Membership.of(ChallengeMother.create(), 'profile-7', null).leave(RUNNING);
      throw new Error('no refusal');
    } catch (error) {
      expect(error).toBeInstanceOf(MembershipError);
      expect((error as MembershipError).profileId).toBe('profile-7');
      expect((error as MembershipError).name).toBe('MembershipError');
    }
  });

  it('assertMembershipOpen accepts the last instant before the end and refuses the end', () => {
    const challenge = ChallengeMother.create();
    expect(() => assertMembershipOpen(challenge, new Date(challenge.end.getTime() - 1))).not.toThrow();
    expect(codeOf(() => assertMembershipOpen(challenge, challenge.end))).toBe(Code.ChallengeEnded);
  });

  describe('properties', () => {
    const challengeArb = fc.record({
      type: fc.constantFrom('INDIVIDUAL', 'TEAM', 'GROUP') as fc.Arbitrary<Challenge['type']>,
      visibility: fc.constantFrom('PUBLIC', 'PRIVATE') as fc.Arbitrary<Challenge['visibility']>,
      enrollmentMethod: fc.constantFrom('MANUAL', 'AUTOMATIC') as fc.Arbitrary<Challenge['enrollmentMethod']>,
    }).map((fields) => ChallengeMother.create(fields));
    const instantArb = fc.integer({ min: Date.parse('2026-02-25T00:00:00Z'), max: Date.parse('2026-03-12T00:00:00Z') }).map((t) => new Date(t));
    const memberArb = fc.option(
      fc.record({ inactive: fc.boolean(), teamId: fc.option(fc.constantFrom('team-1', 'team-2')) }).map(({ inactive, teamId }) =>
        ChallengeMemberMother.create({ teamId, inactiveIntervals: inactive ? [{ from: new Date('2026-03-01T00:00:00Z'), to: null }] : [] }),
      ),
    );
    const teamsArb = fc.subarray([TeamMother.membership({ teamId: 'team-1' }), TeamMother.membership({ teamId: 'team-2' })]);
    const moveArb = fc.record({
      kind: fc.constantFrom('join', 'add', 'auto', 'leave', 'deactivate', 'reactivate', 'setActive'),
      teamId: fc.option(fc.constantFrom('team-1', 'team-2', 'team-3')),
      flag: fc.boolean(),
    });

    function apply(sut: Membership, move: { kind: string; teamId: string | null; flag: boolean }, at: Date, teams: never[] | ReturnType<typeof TeamMother.membership>[]) {
      const request = { profileTeams: teams, teamId: move.teamId };
      switch (move.kind) {
        case 'join': return sut.join(at, request);
        case 'add': return sut.add(at, request);
        case 'auto': return sut.enrollAutomatically(at, request);
        case 'leave': return sut.leave(at);
        case 'deactivate': return sut.deactivate(at);
        case 'reactivate': return sut.reactivate(at);
        default: return sut.setActive(move.flag, at);
      }
    }

    it('a refused move never changes the state', () => {
      fc.assert(
        fc.property(challengeArb, memberArb, teamsArb, moveArb, instantArb, (challenge, member, teams, move, at) => {
          const sut = Membership.of(challenge, 'profile-1', member);
          const before = structuredClone(member);
          const code = codeOf(() => apply(sut, move, at, teams));
          if (code !== null) {
            expect(sut.member).toBe(member);
            expect(member).toEqual(before);
          }
        }),
      );
    });

    it('no move succeeds at or after the end, and a successful enrolment is an active member with a team exactly for TEAM', () => {
      fc.assert(
        fc.property(challengeArb, memberArb, teamsArb, moveArb, instantArb, (challenge, member, teams, move, at) => {
          const sut = Membership.of(challenge, 'profile-1', member);
          const code = codeOf(() => apply(sut, move, at, teams));
          if (at.getTime() >= challenge.end.getTime()) {
            expect(code === Code.ChallengeEnded || (move.kind === 'auto' && code === Code.NotAutomatic)).toBe(true);
          }
          if (code === null && ['join', 'add', 'auto'].includes(move.kind)) {
            expect(sut.isActive).toBe(true);
            expect(sut.member?.teamId !== null).toBe(challenge.type === 'TEAM');
          }
        }),
      );
    });
  });
});

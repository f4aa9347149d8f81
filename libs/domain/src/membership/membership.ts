import { Challenge } from '../challenge/challenge';
import { PrincipalKind } from '../identity/principal';
import { TeamMembership, firstTeamOf } from '../team/team';
import { ChallengeMember, InactiveInterval, isActiveMember } from './challenge-member';
import { MembershipError, MembershipErrorCode as Code } from './membership-error';

/** Who asks for a move: the profile itself, or the app's administrator (pre-enrolment). */
export type MembershipActor = PrincipalKind;

/** What the enrolment moves need to know about the profile's teams. */
export interface EnrolmentRequest {
  /** The profile's team memberships (all of them, any order). */
  readonly profileTeams: readonly TeamMembership[];
  /** TEAM challenges: the team to take part with; omitted means the profile's first team. */
  readonly teamId?: string | null;
}

export interface LeaveOutcome {
  readonly removed: ChallengeMember;
  /**
   * True for AUTOMATIC challenges: the profile declined, so automatic enrollment must
   * not put it back (only its own join or an administrator's add does).
   */
  readonly optedOut: boolean;
}

/** Membership of a challenge is frozen from its end on: results are final, nobody joins or leaves. */
export function assertMembershipOpen(challenge: Challenge, at: Date, profileId: string | null = null): void {
  if (at.getTime() >= challenge.end.getTime()) {
    throw new MembershipError(Code.ChallengeEnded, `Challenge ${challenge.id} has ended; its membership is final.`, profileId);
  }
}

/**
 * The membership of one profile in one challenge:
 *
 *   not enrolled --join/add/enrollAutomatically--> enrolled, active
 *   enrolled, active --deactivate--> enrolled, inactive --reactivate--> enrolled, active
 *   enrolled (either) --leave--> not enrolled
 *
 * Every move validates first and changes state last, so a refused move (a thrown
 * MembershipError) leaves the membership exactly as it was.
 */
export class Membership {
  private constructor(
    readonly challenge: Challenge,
    readonly profileId: string,
    private current: ChallengeMember | null,
  ) {}

  static of(challenge: Challenge, profileId: string, member: ChallengeMember | null): Membership {
    if (member !== null && (member.challengeId !== challenge.id || member.profileId !== profileId)) {
      throw new Error('Membership.of: member does not belong to this challenge and profile');
    }
    return new Membership(challenge, profileId, member);
  }

  get member(): ChallengeMember | null {
    return this.current;
  }

  get isEnrolled(): boolean {
    return this.current !== null;
  }

  /** Enrolled and taking part now. */
  get isActive(): boolean {
    return this.current !== null && isActiveMember(this.current);
  }

  /**
   * The profile joins by itself. MANUAL challenges allow it; AUTOMATIC ones already
   * enroll everyone, so for them this is the way back in after leaving. PRIVATE
   * challenges refuse it: only an administrator's add (pre-enrolment) lets a profile in.
   */
  join(at: Date, request: EnrolmentRequest): ChallengeMember {
    this.refuseIfEnded(at);
    this.refuseIfEnrolled();
    if (this.challenge.visibility === 'PRIVATE') {
      throw this.error(Code.NotInvited, `Challenge ${this.challenge.id} is private: only an administrator can add members.`);
    }
    return this.enrol(at, request);
  }

  /** An administrator adds the profile: the pre-enrolment PRIVATE challenges rely on. */
  add(at: Date, request: EnrolmentRequest): ChallengeMember {
    this.refuseIfEnded(at);
    this.refuseIfEnrolled();
    return this.enrol(at, request);
  }

  /** The app's rules enroll the profile in an AUTOMATIC challenge (no choice for the user). */
  enrollAutomatically(at: Date, request: EnrolmentRequest): ChallengeMember {
    if (this.challenge.enrollmentMethod !== 'AUTOMATIC') {
      throw this.error(Code.NotAutomatic, `Challenge ${this.challenge.id} is not automatic.`);
    }
    this.refuseIfEnded(at);
    this.refuseIfEnrolled();
    return this.enrol(at, request);
  }

  /** Either move for the current actor: a profile joins, an administrator adds. */
  enrolBy(actor: MembershipActor, at: Date, request: EnrolmentRequest): ChallengeMember {
    return actor === 'profile' ? this.join(at, request) : this.add(at, request);
  }

  /** The profile leaves (or is removed): not enrolled any more, its member record is gone. */
  leave(at: Date): LeaveOutcome {
    this.refuseIfEnded(at);
    const removed = this.requireMember();
    this.current = null;
    return { removed, optedOut: this.challenge.enrollmentMethod === 'AUTOMATIC' };
  }

  /** Stops taking part from `at` on: an inactive interval opens, scores freeze but stay visible. */
  deactivate(at: Date): ChallengeMember {
    this.refuseIfEnded(at);
    const member = this.requireMember();
    if (!isActiveMember(member)) {
      throw this.error(Code.AlreadyInactive, `Profile ${this.profileId} is already inactive in challenge ${this.challenge.id}.`);
    }
    const opened: InactiveInterval = { from: at, to: null };
    return this.become({ ...member, inactiveIntervals: [...member.inactiveIntervals, opened] });
  }

  /** Takes part again from `at` on: the open inactive interval is closed. */
  reactivate(at: Date): ChallengeMember {
    this.refuseIfEnded(at);
    const member = this.requireMember();
    if (isActiveMember(member)) {
      throw this.error(Code.AlreadyActive, `Profile ${this.profileId} is already active in challenge ${this.challenge.id}.`);
    }
    const intervals = member.inactiveIntervals.flatMap((interval): InactiveInterval[] => {
      if (interval.to !== null) return [interval];
      // A clock that stepped back must not produce a negative interval; an empty one says nothing.
      const to = at.getTime() > interval.from.getTime() ? at : interval.from;
      return to.getTime() === interval.from.getTime() ? [] : [{ from: interval.from, to }];
    });
    return this.become({ ...member, inactiveIntervals: intervals });
  }

  /** Sets the active flag as the deactivate_member endpoint does; false when already so. */
  setActive(isActive: boolean, at: Date): boolean {
    this.refuseIfEnded(at);
    this.requireMember();
    if (this.isActive === isActive) return false;
    if (isActive) this.reactivate(at);
    else this.deactivate(at);
    return true;
  }

  private enrol(at: Date, request: EnrolmentRequest): ChallengeMember {
    const teamId = this.teamFor(request);
    return this.become({
      challengeId: this.challenge.id,
      profileId: this.profileId,
      teamId,
      joinedAt: at,
      inactiveIntervals: [],
    });
  }

  /** TEAM challenges need a team of the profile; other types ignore any team given. */
  private teamFor(request: EnrolmentRequest): string | null {
    if (this.challenge.type !== 'TEAM') return null;
    const own = request.profileTeams.filter((m) => m.profileId === this.profileId);
    if (request.teamId !== undefined && request.teamId !== null) {
      if (!own.some((m) => m.teamId === request.teamId)) {
        throw this.error(Code.NotTeamMember, `Profile ${this.profileId} is not a member of team ${request.teamId}.`);
      }
      return request.teamId;
    }
    const first = firstTeamOf(own);
    if (first === null) {
      throw this.error(Code.TeamRequired, `Challenge ${this.challenge.id} is a team challenge and profile ${this.profileId} has no team.`);
    }
    return first.teamId;
  }

  private become(member: ChallengeMember): ChallengeMember {
    this.current = member;
    return member;
  }

  private refuseIfEnded(at: Date): void {
    assertMembershipOpen(this.challenge, at, this.profileId);
  }

  private refuseIfEnrolled(): void {
    if (this.current !== null) {
      throw this.error(Code.AlreadyMember, `Profile ${this.profileId} is already a member of challenge ${this.challenge.id}.`);
    }
  }

  private requireMember(): ChallengeMember {
    if (this.current === null) {
      throw this.error(Code.NotMember, `Profile ${this.profileId} is not a member of challenge ${this.challenge.id}.`);
    }
    return this.current;
  }

  private error(code: Code, message: string): MembershipError {
    return new MembershipError(code, message, this.profileId);
  }
}

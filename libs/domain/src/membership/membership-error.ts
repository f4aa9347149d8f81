import { DomainError } from '../shared/domain-error';

/** Stable codes of refused membership moves; the HTTP host maps each to a status. */
export enum MembershipErrorCode {
  /** Unknown challenge, or one of another app (404). */
  ChallengeNotFound = 'membership.challenge_not_found',
  /** Any move on a challenge whose end has passed: its membership is frozen (409). */
  ChallengeEnded = 'membership.challenge_ended',
  AlreadyMember = 'membership.already_member',
  NotMember = 'membership.not_member',
  /** A profile tried to join a PRIVATE challenge it was not pre-enrolled in. */
  NotInvited = 'membership.not_invited',
  /** Automatic enrollment asked for a MANUAL challenge. */
  NotAutomatic = 'membership.not_automatic',
  /** TEAM challenge, no team given and the profile belongs to no team. */
  TeamRequired = 'membership.team_required',
  /** TEAM challenge with a team the profile does not belong to. */
  NotTeamMember = 'membership.not_team_member',
  AlreadyActive = 'membership.already_active',
  AlreadyInactive = 'membership.already_inactive',
}

export class MembershipError extends DomainError<MembershipErrorCode> {
  constructor(
    code: MembershipErrorCode,
    message: string,
    /** The profile the refusal is about (useful in bulk operations). */
    readonly profileId: string | null = null,
  ) {
    super(code, message);
  }

  static challengeNotFound(challengeId: string): MembershipError {
    return new MembershipError(MembershipErrorCode.ChallengeNotFound, `No challenge ${challengeId}.`);
  }
}

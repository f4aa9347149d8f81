import { DomainError } from '../shared/domain-error';

export enum TeamErrorCode {
  NotFound = 'team.not_found',
  InvalidName = 'team.invalid_name',
  AlreadyMember = 'team.already_member',
  NotMember = 'team.not_member',
  /** The team plays in a challenge: deleting it would orphan that challenge's team scores. */
  InUse = 'team.in_use',
}

export class TeamError extends DomainError<TeamErrorCode> {
  constructor(code: TeamErrorCode, message: string) {
    super(code, message);
  }

  static notFound(teamId: string): TeamError {
    return new TeamError(TeamErrorCode.NotFound, `No team ${teamId}.`);
  }
}

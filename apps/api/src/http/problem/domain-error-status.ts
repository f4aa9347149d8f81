import { HttpStatus } from '@nestjs/common';
import { DomainError, IdentityErrorCode } from '@strive/domain';
import { HealthDataErrorCode, PointsErrorCode } from '@strive/domain';
import { ChallengeErrorCode, MembershipErrorCode, ScoringErrorCode, TeamErrorCode } from '@strive/domain';
import {
  ActivityFileErrorCode, AppFeatureErrorCode, ConnectionErrorCode, EcgErrorCode, InsightsErrorCode, LoyaltyErrorCode, NotificationErrorCode, PushErrorCode,
} from '@strive/domain';

/**
 * The one table from domain error codes to HTTP statuses. A Record per module's
 * enum makes the compiler insist that every new code gets a status.
 */
const IDENTITY: Record<IdentityErrorCode, HttpStatus> = {
  [IdentityErrorCode.InvalidCredentials]: HttpStatus.UNAUTHORIZED,
  [IdentityErrorCode.InvalidToken]: HttpStatus.UNAUTHORIZED,
  [IdentityErrorCode.AdminRequired]: HttpStatus.FORBIDDEN,
  [IdentityErrorCode.ProfileRequired]: HttpStatus.FORBIDDEN,
  [IdentityErrorCode.NotOwnProfile]: HttpStatus.FORBIDDEN,
  [IdentityErrorCode.ProfileNotFound]: HttpStatus.NOT_FOUND,
  [IdentityErrorCode.InvalidOrdering]: HttpStatus.BAD_REQUEST,
  [IdentityErrorCode.AppNotFound]: HttpStatus.NOT_FOUND,
};

const HEALTH_DATA: Record<HealthDataErrorCode, HttpStatus> = {
  [HealthDataErrorCode.InvalidUpload]: HttpStatus.BAD_REQUEST,
  [HealthDataErrorCode.BatchTooLarge]: HttpStatus.PAYLOAD_TOO_LARGE,
};

const POINTS: Record<PointsErrorCode, HttpStatus> = {
  [PointsErrorCode.InvalidRate]: HttpStatus.BAD_REQUEST,
  [PointsErrorCode.DuplicateActivityRule]: HttpStatus.BAD_REQUEST,
  [PointsErrorCode.MetricCountedTwice]: HttpStatus.BAD_REQUEST,
  [PointsErrorCode.InvalidEvent]: HttpStatus.BAD_REQUEST,
};

// Gamification (issue 5): forbidden moves are 409, unknown objects 404, bad definitions 400.
const MEMBERSHIP: Record<MembershipErrorCode, HttpStatus> = {
  [MembershipErrorCode.ChallengeNotFound]: HttpStatus.NOT_FOUND,
  [MembershipErrorCode.ChallengeEnded]: HttpStatus.CONFLICT,
  [MembershipErrorCode.AlreadyMember]: HttpStatus.CONFLICT,
  [MembershipErrorCode.NotMember]: HttpStatus.NOT_FOUND,
  [MembershipErrorCode.NotInvited]: HttpStatus.CONFLICT,
  [MembershipErrorCode.NotAutomatic]: HttpStatus.CONFLICT,
  [MembershipErrorCode.TeamRequired]: HttpStatus.CONFLICT,
  [MembershipErrorCode.NotTeamMember]: HttpStatus.CONFLICT,
  [MembershipErrorCode.AlreadyActive]: HttpStatus.CONFLICT,
  [MembershipErrorCode.AlreadyInactive]: HttpStatus.CONFLICT,
};

const TEAM: Record<TeamErrorCode, HttpStatus> = {
  [TeamErrorCode.NotFound]: HttpStatus.NOT_FOUND,
  [TeamErrorCode.InvalidName]: HttpStatus.BAD_REQUEST,
  [TeamErrorCode.AlreadyMember]: HttpStatus.CONFLICT,
  [TeamErrorCode.NotMember]: HttpStatus.NOT_FOUND,
  [TeamErrorCode.InUse]: HttpStatus.CONFLICT,
};

const SCORING: Record<ScoringErrorCode, HttpStatus> = {
  [ScoringErrorCode.PeriodOutOfRange]: HttpStatus.BAD_REQUEST,
  [ScoringErrorCode.InvalidTimezone]: HttpStatus.BAD_REQUEST,
  [ScoringErrorCode.InvalidDateRange]: HttpStatus.BAD_REQUEST,
  [ScoringErrorCode.NotATeamChallenge]: HttpStatus.NOT_FOUND,
};

const CHALLENGE: Record<ChallengeErrorCode, HttpStatus> = {
  [ChallengeErrorCode.InvalidDefinition]: HttpStatus.BAD_REQUEST,
  [ChallengeErrorCode.TypeLocked]: HttpStatus.CONFLICT,
  [ChallengeErrorCode.ScoresFinal]: HttpStatus.CONFLICT,
};

// Webhooks (issue 12): a refused URL is the client's input, a pending delivery cannot be re-sent yet.
const PUSH: Record<PushErrorCode, HttpStatus> = {
  [PushErrorCode.EndpointNotFound]: HttpStatus.NOT_FOUND,
  [PushErrorCode.DeliveryNotFound]: HttpStatus.NOT_FOUND,
  [PushErrorCode.InvalidUrl]: HttpStatus.BAD_REQUEST,
  [PushErrorCode.ForbiddenTarget]: HttpStatus.BAD_REQUEST,
  [PushErrorCode.NotRetryable]: HttpStatus.CONFLICT,
  [PushErrorCode.TooManyEndpoints]: HttpStatus.CONFLICT,
};

// Wearable connections (issue 11).
const CONNECTION: Record<ConnectionErrorCode, HttpStatus> = {
  [ConnectionErrorCode.UnknownSource]: HttpStatus.NOT_FOUND,
  [ConnectionErrorCode.MobileSdkOnly]: HttpStatus.BAD_REQUEST,
  [ConnectionErrorCode.NotFound]: HttpStatus.NOT_FOUND,
  [ConnectionErrorCode.ForbiddenMove]: HttpStatus.CONFLICT,
  [ConnectionErrorCode.InvalidRedirect]: HttpStatus.BAD_REQUEST,
  [ConnectionErrorCode.InvalidState]: HttpStatus.BAD_REQUEST,
  [ConnectionErrorCode.InvalidTicket]: HttpStatus.BAD_REQUEST,
  [ConnectionErrorCode.InvalidWebhook]: HttpStatus.BAD_REQUEST,
};

// Devices and notifications (issue 12)
const NOTIFICATION: Record<NotificationErrorCode, HttpStatus> = {
  [NotificationErrorCode.InvalidDevice]: HttpStatus.BAD_REQUEST,
  [NotificationErrorCode.InvalidNotification]: HttpStatus.BAD_REQUEST,
  [NotificationErrorCode.UnknownProfiles]: HttpStatus.BAD_REQUEST,
  [NotificationErrorCode.DeviceNotFound]: HttpStatus.NOT_FOUND,
  [NotificationErrorCode.NotificationNotFound]: HttpStatus.NOT_FOUND,
};

// Issue 13: features granted per app, the ECG PDF, activity files.
const APP_FEATURE: Record<AppFeatureErrorCode, HttpStatus> = {
  [AppFeatureErrorCode.NotGranted]: HttpStatus.FORBIDDEN,
  [AppFeatureErrorCode.UnknownFeature]: HttpStatus.BAD_REQUEST,
  [AppFeatureErrorCode.UnknownApp]: HttpStatus.NOT_FOUND,
};

const ECG: Record<EcgErrorCode, HttpStatus> = {
  [EcgErrorCode.NoRecording]: HttpStatus.NOT_FOUND,
};

const ACTIVITY_FILE: Record<ActivityFileErrorCode, HttpStatus> = {
  [ActivityFileErrorCode.NotFound]: HttpStatus.NOT_FOUND,
  [ActivityFileErrorCode.FormatUnavailable]: HttpStatus.BAD_REQUEST,
};

// Insights and loyalty (issue 13).
const INSIGHTS: Record<InsightsErrorCode, HttpStatus> = {
  [InsightsErrorCode.InvalidDateRange]: HttpStatus.BAD_REQUEST,
  [InsightsErrorCode.InvalidBirthYear]: HttpStatus.BAD_REQUEST,
};

const LOYALTY: Record<LoyaltyErrorCode, HttpStatus> = {
  [LoyaltyErrorCode.ProductNotFound]: HttpStatus.NOT_FOUND,
  [LoyaltyErrorCode.InvalidProduct]: HttpStatus.BAD_REQUEST,
  [LoyaltyErrorCode.CatalogueFull]: HttpStatus.CONFLICT,
  [LoyaltyErrorCode.InvalidShopTemplate]: HttpStatus.BAD_REQUEST,
  [LoyaltyErrorCode.ShopNotConfigured]: HttpStatus.CONFLICT,
};

const STATUS_BY_CODE: Record<string, HttpStatus> = {
  ...IDENTITY, ...HEALTH_DATA, ...POINTS, ...MEMBERSHIP, ...TEAM, ...SCORING, ...CHALLENGE, ...CONNECTION, ...PUSH, ...NOTIFICATION, ...APP_FEATURE, ...ECG, ...ACTIVITY_FILE,
  ...INSIGHTS, ...LOYALTY,
};

/** The HTTP status of a domain error; an unmapped code is a bug and answers 500. */
export function statusOfDomainError(error: DomainError): HttpStatus {
  return STATUS_BY_CODE[error.code] ?? HttpStatus.INTERNAL_SERVER_ERROR;
}

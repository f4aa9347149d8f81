import { DomainError } from '../shared/domain-error';

/** Stable codes of refused device registrations and notifications; the HTTP host maps each to a status. */
export enum NotificationErrorCode {
  /** A field of a device registration breaks a rule (400); `field` names it. */
  InvalidDevice = 'notification.invalid_device',
  /** A field of a notification body breaks a rule (400); `field` names it. */
  InvalidNotification = 'notification.invalid_notification',
  /** send_to_profiles named profiles that are not profiles of the app (400); nothing was sent. */
  UnknownProfiles = 'notification.unknown_profiles',
  /** No such device token on that profile (404). */
  DeviceNotFound = 'notification.device_not_found',
  /** No such notification in the app (404). */
  NotificationNotFound = 'notification.not_found',
}

export class NotificationError extends DomainError<NotificationErrorCode> {
  constructor(
    code: NotificationErrorCode,
    message: string,
    readonly field: string | null = null,
  ) {
    super(code, message);
  }

  static invalidDevice(field: string, message: string): NotificationError {
    return new NotificationError(NotificationErrorCode.InvalidDevice, message, field);
  }

  static invalidNotification(field: string, message: string): NotificationError {
    return new NotificationError(NotificationErrorCode.InvalidNotification, message, field);
  }

  static unknownProfiles(profileIds: readonly string[]): NotificationError {
    return new NotificationError(
      NotificationErrorCode.UnknownProfiles,
      `Not profiles of this app: ${profileIds.join(', ')}. Nothing was sent.`,
      'profiles',
    );
  }

  static deviceNotFound(): NotificationError {
    return new NotificationError(NotificationErrorCode.DeviceNotFound, 'No device with this token is registered for this profile.');
  }

  static notificationNotFound(id: string): NotificationError {
    return new NotificationError(NotificationErrorCode.NotificationNotFound, `No notification ${id}.`);
  }
}

import { DomainError } from '../shared/domain-error';

/**
 * Features an operator grants per app (interface.md: "access is granted on request to the
 * operator"). Everything else an app may call is open to every app.
 */
export const APP_FEATURES = ['ecg_pdf'] as const;
export type AppFeature = (typeof APP_FEATURES)[number];

export const isAppFeature = (value: string): value is AppFeature => (APP_FEATURES as readonly string[]).includes(value);

export enum AppFeatureErrorCode {
  /** The app has not been granted the feature the operation needs. */
  NotGranted = 'app_feature.not_granted',
  /** The operator named a feature that does not exist. */
  UnknownFeature = 'app_feature.unknown_feature',
  /** The operator named a client id no app has. */
  UnknownApp = 'app_feature.unknown_app',
}

export class AppFeatureError extends DomainError<AppFeatureErrorCode> {
  constructor(code: AppFeatureErrorCode, message: string) {
    super(code, message);
  }

  static notGranted(feature: AppFeature): AppFeatureError {
    return new AppFeatureError(
      AppFeatureErrorCode.NotGranted,
      `This app has not been granted the ${feature} feature; the operator grants it on request.`,
    );
  }

  static unknownFeature(feature: string): AppFeatureError {
    return new AppFeatureError(AppFeatureErrorCode.UnknownFeature, `Unknown feature ${JSON.stringify(feature)}; known: ${APP_FEATURES.join(', ')}.`);
  }

  static unknownApp(clientId: string): AppFeatureError {
    return new AppFeatureError(AppFeatureErrorCode.UnknownApp, `No app has the client id ${JSON.stringify(clientId)}.`);
  }
}

/** Nest injection tokens of the domain's ports. */
export const APP_CONFIG = Symbol('AppConfig');
export const CLOCK = Symbol('Clock');
export const ID_GENERATOR = Symbol('IdGenerator');
export const TOKEN_GENERATOR = Symbol('TokenGenerator');
export const APP_REPOSITORY = Symbol('AppRepository');
export const ADMIN_TOKEN_REPOSITORY = Symbol('AdminTokenRepository');
export const PROFILE_REPOSITORY = Symbol('ProfileRepository');
// Data platform (issue 4)
export const HEALTH_RECORD_REPOSITORY = Symbol('HealthRecordRepository');
export const ACTIVITY_REPOSITORY = Symbol('ActivityRepository');
export const POINTS_DEFINITION_REPOSITORY = Symbol('PointsDefinitionRepository');
export const POINTS_EVENT_REPOSITORY = Symbol('PointsEventRepository');
export const POINTS_LEDGER_REPOSITORY = Symbol('PointsLedgerRepository');
// Gamification (issue 5)
export const CHALLENGE_REPOSITORY = Symbol('ChallengeRepository');
export const MEMBERSHIP_REPOSITORY = Symbol('MembershipRepository');
export const TEAM_REPOSITORY = Symbol('TeamRepository');
export const SCORE_REPOSITORY = Symbol('ScoreRepository');
/** An array of ProfileCreatedListener run by CreateProfileUseCase (AUTOMATIC enrollment). */
export const PROFILE_CREATED_LISTENERS = Symbol('ProfileCreatedListeners');
// Write pipeline and jobs (issue 9)
export const MEMBER_RESCORER = Symbol('MemberRescorer');
export const JOB_QUEUE = Symbol('JobQueue');
export const UNIT_OF_WORK = Symbol('UnitOfWork');
/** Every ActivityChangeListener, in the order they run inside the write transaction. */
export const ACTIVITY_CHANGE_LISTENERS = Symbol('ActivityChangeListeners');
/** Every JobHandler (one per job type) and every Tick. */
export const JOB_HANDLERS = Symbol('JobHandlers');
export const TICKS = Symbol('Ticks');
// Wearable connections (issue 11)
export const CONNECTION_REPOSITORY = Symbol('ConnectionRepository');
export const CONNECTION_ATTEMPT_REPOSITORY = Symbol('ConnectionAttemptRepository');
export const TOKEN_CIPHER = Symbol('TokenCipher');
export const CONNECTION_TICKET_SIGNER = Symbol('ConnectionTicketSigner');
export const PKCE_CHALLENGER = Symbol('PkceChallenger');
/** The ProviderDirectory of the configured vendor adapters. */
export const PROVIDER_DIRECTORY = Symbol('ProviderDirectory');
// Devices and notifications (issue 12)
export const DEVICE_REPOSITORY = Symbol('DeviceRepository');
export const NOTIFICATION_REPOSITORY = Symbol('NotificationRepository');
/** The PushSender the fan-out sends through (FCM, APNs or recording, per platform). */
export const PUSH_SENDER = Symbol('PushSender');
export const APP_FEATURE_REPOSITORY = Symbol('AppFeatureRepository');
// Loyalty (issue 13)
export const PRODUCT_REPOSITORY = Symbol('ProductRepository');
export const SHOP_SETTINGS_REPOSITORY = Symbol('ShopSettingsRepository');

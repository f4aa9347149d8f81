/** Nest injection tokens of the domain's ports. */
export const APP_CONFIG = Symbol('AppConfig');
export const CLOCK = Symbol('Clock');
export const ID_GENERATOR = Symbol('IdGenerator');
export const TOKEN_GENERATOR = Symbol('TokenGenerator');
export const APP_REPOSITORY = Symbol('AppRepository');
export const ADMIN_TOKEN_REPOSITORY = Symbol('AdminTokenRepository');
export const PROFILE_REPOSITORY = Symbol('ProfileRepository');
export const LOG_DESTINATION = Symbol('LogDestination');

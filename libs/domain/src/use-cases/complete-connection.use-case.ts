import { ConnectionMoves, newConnection } from '../connections/connection';
import { ConnectionAttempt, isAttemptExpired } from '../connections/connection-attempt';
import { ConnectionError, ConnectionErrorCode } from '../connections/connection-error';
import { redirectWithError } from '../connections/connection-redirect';
import { ProviderDirectory } from '../connections/provider-directory';
import { sealGrant } from '../connections/sealed-grant';
import { Clock } from '../ports/clock';
import { ConnectionAttemptRepository } from '../ports/connection-attempt-repository';
import { DataProvider, ProviderError, ProviderErrorKind, ProviderGrant } from '../ports/data-provider';
import { IdGenerator } from '../ports/id-generator';
import { TokenCipher } from '../ports/token-cipher';
import { TokenGenerator } from '../ports/token-generator';
import { UnitOfWork } from '../ports/unit-of-work';
import { Source } from '../records/activity-records';

export interface CompleteConnectionInput {
  readonly slug: string;
  /** Every query parameter of the vendor's redirect (state, code or error, and what the vendor adds). */
  readonly query: Readonly<Record<string, string>>;
}

/** Where the person goes next: `redirect` null shows Strive's own result page. */
export interface CompleteConnectionResult {
  readonly source: Source;
  readonly outcome: 'connected' | 'access_denied' | 'unknown';
  readonly redirect: string | null;
}

/**
 * The OAuth callback: consumes the attempt of `state` (once, whatever happens next), exchanges the
 * code for tokens, stores them sealed (a reconnect replaces the old ones) and asks for the backfill
 * in the same transaction. A declined consent or a failed exchange leaves a working connection as
 * it was and a pending one in error; an unknown, used, expired or foreign state changes nothing.
 */
export class CompleteConnectionUseCase {
  constructor(
    private readonly directory: ProviderDirectory,
    private readonly attempts: ConnectionAttemptRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly cipher: TokenCipher,
    private readonly tokens: TokenGenerator,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(input: CompleteConnectionInput): Promise<CompleteConnectionResult> {
    const provider = this.directory.require(input.slug);
    const state = input.query.state;
    if (!state || state.length > 512) throw invalidState('The callback has no valid state.');
    const attempt = await this.attempts.consume(this.tokens.digest(state), provider.source);
    if (attempt === null) throw invalidState('The state is unknown or was used already; start connecting again.');
    if (isAttemptExpired(attempt, this.clock.now())) throw invalidState('The state has expired; start connecting again.');

    const vendorError = input.query.error;
    if (vendorError !== undefined || !input.query.code) {
      const denied = vendorError === 'access_denied' || vendorError === 'consent_required';
      const reason = vendorError ? `The vendor answered ${vendorError.slice(0, 64)}.` : 'The vendor sent no authorization code.';
      return this.fail(attempt, denied ? 'access_denied' : 'unknown', reason);
    }
    let grant: ProviderGrant;
    try {
      grant = await provider.exchangeCode({ code: input.query.code, codeVerifier: attempt.codeVerifier, redirectUri: attempt.redirectUri, callbackParameters: input.query });
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      const denied = error.kind === ProviderErrorKind.Refused;
      return this.fail(attempt, 'unknown', `${denied ? 'The vendor refused the code' : 'The code exchange failed'}: ${error.message}`);
    }
    await this.connect(provider, attempt, grant);
    return { source: provider.source, outcome: 'connected', redirect: attempt.redirect };
  }

  private async connect(provider: DataProvider, attempt: ConnectionAttempt, grant: ProviderGrant): Promise<void> {
    const now = this.clock.now();
    const sealed = sealGrant(this.cipher, grant);
    await this.unitOfWork.run(async (ports) => {
      // The profile may have been deleted while the person was at the vendor.
      if ((await ports.profiles.findInApp(attempt.appId, attempt.profileId)) === null) {
        throw new ConnectionError(ConnectionErrorCode.NotFound, 'The profile of this connection no longer exists.');
      }
      const existing = await ports.connections.find(attempt.appId, attempt.profileId, provider.source);
      const base = existing ?? newConnection({ id: this.ids.uuid(), appId: attempt.appId, profileId: attempt.profileId, source: provider.source }, now);
      const connected = ConnectionMoves.connect(base, grant, sealed, now);
      await ports.connections.save(connected);
      await ports.jobs.enqueue({ type: 'connection.backfill', appId: connected.appId, connectionId: connected.id });
    });
  }

  private async fail(attempt: ConnectionAttempt, outcome: 'access_denied' | 'unknown', reason: string): Promise<CompleteConnectionResult> {
    await this.unitOfWork.run(async (ports) => {
      const existing = await ports.connections.find(attempt.appId, attempt.profileId, attempt.source);
      if (existing) {
        const failed = ConnectionMoves.failAttempt(existing, reason, this.clock.now());
        if (failed !== existing) await ports.connections.save(failed);
      }
    });
    const redirect = attempt.redirect !== null && attempt.redirectOnError ? redirectWithError(attempt.redirect, outcome) : null;
    return { source: attempt.source, outcome, redirect };
  }
}

function invalidState(message: string): ConnectionError {
  return new ConnectionError(ConnectionErrorCode.InvalidState, message);
}

import * as oauth from 'oauth4webapi';
import { CodeExchange, ProviderError, ProviderErrorKind } from '@strive/domain';
import { VendorSettings } from '../vendor-module';
import { rateLimitedError, REQUEST_TIMEOUT_MS } from './provider-http';

/** How a vendor's token endpoint wants the client to authenticate (RFC 6749 section 2.3.1). */
export type ClientAuthentication = 'basic' | 'body';

export interface OAuthClientOptions {
  readonly settings: VendorSettings;
  readonly clientAuthentication: ClientAuthentication;
  /** Scopes asked for, joined with `scopeSeparator` (Strava wants commas). */
  readonly scopes: readonly string[];
  readonly scopeSeparator?: string;
  /** Vendor-specific authorization parameters (Strava `approval_prompt`). */
  readonly authorizationParameters?: Readonly<Record<string, string>>;
}

/**
 * The OAuth 2.0 authorization-code flow with PKCE S256, on oauth4webapi: the token requests,
 * their validation and the error answers are the library's; this class only turns its outcomes
 * into ProviderErrors the connection use cases can act on.
 */
export class OAuthClient {
  private readonly server: oauth.AuthorizationServer;
  private readonly client: oauth.Client;
  private readonly auth: oauth.ClientAuth;

  constructor(private readonly options: OAuthClientOptions) {
    const { settings } = options;
    this.server = {
      // Vendors publish no discovery document; the issuer only names the server here.
      issuer: new URL(settings.endpoints.tokenUrl).origin,
      authorization_endpoint: settings.endpoints.authorizationUrl,
      token_endpoint: settings.endpoints.tokenUrl,
      revocation_endpoint: settings.endpoints.revocationUrl ?? undefined,
    };
    this.client = { client_id: settings.clientId };
    this.auth =
      options.clientAuthentication === 'basic' ? oauth.ClientSecretBasic(settings.clientSecret) : oauth.ClientSecretPost(settings.clientSecret);
  }

  authorizationUrl(state: string, codeChallenge: string, redirectUri: string): URL {
    const url = new URL(this.options.settings.endpoints.authorizationUrl);
    const parameters: Record<string, string> = {
      client_id: this.options.settings.clientId,
      response_type: 'code',
      redirect_uri: redirectUri,
      scope: this.options.scopes.join(this.options.scopeSeparator ?? ' '),
      state,
      code_challenge: codeChallenge,
      code_challenge_method: 'S256',
      ...this.options.authorizationParameters,
    };
    for (const [key, value] of Object.entries(parameters)) url.searchParams.set(key, value);
    return url;
  }

  /**
   * Trades the callback's code for tokens; `state` was checked by the caller (single use, bound
   * to the profile). An error in the callback (access_denied) is `refused`.
   */
  async exchangeCode(exchange: CodeExchange): Promise<oauth.TokenEndpointResponse> {
    const { callbackParameters, redirectUri, codeVerifier } = exchange;
    let parameters: URLSearchParams;
    try {
      const callback = new URLSearchParams({ ...callbackParameters, ...(exchange.code ? { code: exchange.code } : {}) });
      parameters = oauth.validateAuthResponse(this.server, this.client, callback, oauth.skipStateCheck);
    } catch (error) {
      // error=access_denied and friends: the person or the vendor said no.
      throw new ProviderError(ProviderErrorKind.Refused, `authorization refused: ${oauthErrorCode(error) ?? 'invalid callback'}`);
    }
    return this.tokenCall('code exchange', () =>
      oauth.authorizationCodeGrantRequest(this.server, this.client, this.auth, parameters, redirectUri, codeVerifier, this.requestOptions()),
      (response) => oauth.processAuthorizationCodeResponse(this.server, this.client, response),
    );
  }

  refresh(refreshToken: string): Promise<oauth.TokenEndpointResponse> {
    return this.tokenCall('refresh', () =>
      oauth.refreshTokenGrantRequest(this.server, this.client, this.auth, refreshToken, this.requestOptions()),
      (response) => oauth.processRefreshTokenResponse(this.server, this.client, response),
    );
  }

  /** RFC 7009 revocation, for vendors that implement it (Fitbit). */
  async revoke(token: string): Promise<void> {
    await this.tokenCall('revocation', () =>
      oauth.revocationRequest(this.server, this.client, this.auth, token, this.requestOptions()),
      async (response) => {
        await oauth.processRevocationResponse(response);
        return undefined;
      },
    );
  }

  private requestOptions() {
    return { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS), [oauth.allowInsecureRequests]: this.options.settings.allowInsecureHttp };
  }

  private async tokenCall<T>(what: string, send: () => Promise<Response>, process: (response: Response) => Promise<T>): Promise<T> {
    let response: Response;
    try {
      response = await send();
    } catch (error) {
      throw new ProviderError(ProviderErrorKind.Unavailable, `${what}: the vendor did not answer (${(error as Error).name})`);
    }
    if (response.status === 429) throw rateLimitedError(response, `${what}: rate limited`);
    if (response.status >= 500) throw new ProviderError(ProviderErrorKind.Unavailable, `${what}: the vendor answered ${response.status}`);
    try {
      return await process(response);
    } catch (error) {
      const code = oauthErrorCode(error);
      // invalid_grant: the code was used or expired, or the refresh token was revoked.
      if (code === 'invalid_grant' || code === 'access_denied') throw new ProviderError(ProviderErrorKind.Refused, `${what}: ${code}`);
      throw new ProviderError(ProviderErrorKind.InvalidResponse, `${what}: ${code ?? `unreadable answer (${response.status})`}`);
    }
  }
}

function oauthErrorCode(error: unknown): string | null {
  if (error instanceof oauth.ResponseBodyError || error instanceof oauth.AuthorizationResponseError) return error.error;
  return null;
}

import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from './schema';

export type { components, operations, paths } from './schema';

/** A typed client of the Strive API: every path, parameter, body and answer typed from docs/openapi.json. */
export type StriveClient = Client<paths>;

/** The JSON body of one named schema, e.g. `Schema<'ChallengeView'>`. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

export interface StriveClientOptions {
  /** The service origin, e.g. `http://localhost:3000` (paths start with /api/v1). */
  baseUrl: string;
  /** An administrator or profile bearer, sent as `Authorization: Bearer <bearer>`. */
  bearer?: string;
  /** Another fetch (tests, proxies); the global fetch by default. */
  fetch?: typeof globalThis.fetch;
}

export function createStriveClient(options: StriveClientOptions): StriveClient {
  return createClient<paths>({
    baseUrl: options.baseUrl,
    headers: options.bearer ? { Authorization: `Bearer ${options.bearer}` } : undefined,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}

/**
 * POST /api/v1/token/ with the app's client credentials (HTTP Basic): an administrator bearer
 * valid 24 hours. Throws with the problem details when the credentials are refused.
 */
export async function requestAdminBearer(
  options: Omit<StriveClientOptions, 'bearer'> & { clientId: string; clientSecret: string },
): Promise<Schema<'AdminTokenView'>> {
  const basic = btoa(`${options.clientId}:${options.clientSecret}`); // btoa, not Buffer: browsers have it too
  const { data, error, response } = await createStriveClient(options).POST('/api/v1/token', {
    headers: { Authorization: `Basic ${basic}` },
  });
  if (!data) throw new Error(`POST /api/v1/token answered ${response.status}: ${JSON.stringify(error)}`);
  return data;
}

import { createDataProviders, sandboxCredentials, VENDOR_MODULES, vendorSettingsFromEnv } from './index';

describe('vendor catalogue', () => {
  it('has one module per source, each with an env prefix', () => {
    const sources = VENDOR_MODULES.map((m) => m.source);
    expect(new Set(sources).size).toBe(sources.length);
    expect(sources).toEqual(expect.arrayContaining(['STRAVA', 'FITBIT', 'OURA']));
  });

  it('uses real endpoints for a vendor with credentials, with URL overrides', () => {
    const settings = vendorSettingsFromEnv({
      STRAVA_CLIENT_ID: '12345', STRAVA_CLIENT_SECRET: 'shh', STRAVA_WEBHOOK_SECRET: 'verify', FITBIT_CLIENT_ID: '22942C', FITBIT_CLIENT_SECRET: 'x',
      FITBIT_API_URL: 'https://fitbit.example.com',
    }, null);
    expect(settings.get('STRAVA')).toEqual({
      clientId: '12345', clientSecret: 'shh', webhookSecret: 'verify', allowInsecureHttp: false,
      endpoints: { authorizationUrl: 'https://www.strava.com/oauth/authorize', tokenUrl: 'https://www.strava.com/oauth/token', apiBaseUrl: 'https://www.strava.com/api/v3', revocationUrl: 'https://www.strava.com/oauth/deauthorize' },
    });
    expect(settings.get('FITBIT')?.endpoints).toMatchObject({ apiBaseUrl: 'https://fitbit.example.com', tokenUrl: 'https://api.fitbit.com/oauth2/token' });
    expect(settings.get('FITBIT')?.webhookSecret).toBeNull();
    // Without a sandbox, unconfigured vendors are absent.
    expect(settings.has('OURA')).toBe(false);
  });

  it('points unconfigured vendors at the sandbox with the sandbox credentials; half a configuration counts as none', () => {
    const settings = vendorSettingsFromEnv({ OURA_CLIENT_ID: 'only-the-id' }, 'http://127.0.0.1:3001/');
    expect(settings.get('OURA')).toEqual({
      clientId: 'sandbox-oura', clientSecret: 'sandbox-oura-secret', webhookSecret: 'sandbox-oura-webhook', allowInsecureHttp: true,
      endpoints: { authorizationUrl: 'http://127.0.0.1:3001/oura/oauth/authorize', tokenUrl: 'http://127.0.0.1:3001/oura/oauth/token', apiBaseUrl: 'http://127.0.0.1:3001/oura/api', revocationUrl: 'http://127.0.0.1:3001/oura/oauth/revoke' },
    });
    expect(sandboxCredentials('STRAVA')).toEqual({ clientId: 'sandbox-strava', clientSecret: 'sandbox-strava-secret', webhookSecret: 'sandbox-strava-webhook' });
  });

  it('creates an adapter per configured vendor', () => {
    const providers = createDataProviders(vendorSettingsFromEnv({ STRAVA_CLIENT_ID: '1', STRAVA_CLIENT_SECRET: '2' }, null));
    expect(providers.map((p) => p.source)).toEqual(['STRAVA']);
    expect(createDataProviders(vendorSettingsFromEnv({}, 'http://127.0.0.1:1')).map((p) => p.source)).toEqual(VENDOR_MODULES.map((m) => m.source));
  });
});

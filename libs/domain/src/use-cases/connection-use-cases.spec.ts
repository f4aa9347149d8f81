import { aProfile } from '../../testing/gamification-world';
import { FakeDataProvider } from '../../testing/fake-data-provider';
import { FakePkceChallenger, FakeTicketSigner, FakeTokenCipher } from '../../testing/fake-connection-secrets';
import { FakeTokenGenerator } from '../../testing/fake-token-generator';
import { InMemoryConnectionAttemptRepository } from '../../testing/in-memory-connection-attempt-repository';
import { writeWorld } from '../../testing/write-world';
import { Connection } from '../connections/connection';
import { ConnectionErrorCode } from '../connections/connection-error';
import { ProviderDirectory } from '../connections/provider-directory';
import { openGrant, sealGrant } from '../connections/sealed-grant';
import { RetryLater } from '../jobs/retry-later';
import { ProviderError, ProviderErrorKind, ProviderGrant } from '../ports/data-provider';
import { CompleteConnectionUseCase } from './complete-connection.use-case';
import { DisconnectConnectionUseCase } from './disconnect-connection.use-case';
import { ListConnectionsUseCase } from './list-connections.use-case';
import { ReceiveVendorWebhookUseCase } from './receive-vendor-webhook.use-case';
import { RecordActivityUseCase } from './record-activity.use-case';
import { ScheduleConnectionSyncsUseCase } from './schedule-connection-syncs.use-case';
import { StartConnectionUseCase } from './start-connection.use-case';
import { SyncConnectionUseCase } from './sync-connection.use-case';

const CALLBACK = 'https://strive.test/api/v1/connection/strava/callback/';
const admin = { kind: 'admin', appId: 'app-1' } as const;
const grantOf = (overrides: Partial<ProviderGrant> = {}): ProviderGrant => ({
  accessToken: 'access-1', refreshToken: 'refresh-1', expiresAt: new Date('2026-03-04T16:00:00Z'), scope: 'read', vendorUserId: 'athlete-9', ...overrides,
});
const workout = (id: string, start: string) => ({ external_id: id, timestamp: start, duration: '00:30:00', type: 'RUNNING', distance: 5000 });

function world() {
  const w = writeWorld({ profiles: [aProfile(), aProfile({ id: 'profile-2', appId: 'app-2' })] });
  const strava = new FakeDataProvider('STRAVA', { maxBackfillDays: 30 });
  const directory = new ProviderDirectory([strava]);
  const attempts = new InMemoryConnectionAttemptRepository();
  const cipher = new FakeTokenCipher();
  const signer = new FakeTicketSigner();
  const tokens = new FakeTokenGenerator();
  const recordActivity = new RecordActivityUseCase(w.unitOfWork, []);
  const start = new StartConnectionUseCase(directory, w.profiles, w.connections, attempts, signer, tokens, new FakePkceChallenger(), w.ids, w.clock);
  const complete = new CompleteConnectionUseCase(directory, attempts, w.unitOfWork, cipher, tokens, w.ids, w.clock);
  const sync = new SyncConnectionUseCase(directory, w.connections, cipher, recordActivity, w.clock, { backfillDays: 90 });
  /** Starts a flow as the administrator and answers the state the vendor got. */
  const begin = async (options: { redirect?: string | null; redirectOnError?: boolean } = {}) => {
    const { url } = await start.execute({ authority: { principal: admin }, slug: 'strava', profileId: 'profile-1', callbackUrl: CALLBACK, ...options });
    return new URL(url).searchParams.get('state') as string;
  };
  const connectNow = async (grant = grantOf()) => {
    const state = await begin();
    strava.codes.set('code-1', grant);
    await complete.execute({ slug: 'strava', query: { state, code: 'code-1' } });
    return (await w.connections.find('app-1', 'profile-1', 'STRAVA')) as Connection;
  };
  return { ...w, strava, directory, attempts, cipher, signer, tokens, start, complete, sync, begin, connectNow, recordActivity };
}

describe('connect flow', () => {
  it('starts: a pending connection and a 10-minute attempt keyed by the state digest, the PKCE challenge of its verifier in the URL', async () => {
    const w = world();
    const { url } = await w.start.execute({ authority: { principal: admin }, slug: 'strava', profileId: 'profile-1', callbackUrl: CALLBACK, redirect: 'https://app.test/ok' });
    const sent = new URL(url);
    const state = sent.searchParams.get('state') as string;
    const [attempt] = [...w.attempts.rows.values()];
    expect(attempt).toMatchObject({ stateDigest: `digest:${state}`, appId: 'app-1', profileId: 'profile-1', source: 'STRAVA', redirect: 'https://app.test/ok', redirectOnError: false });
    expect(sent.searchParams.get('code_challenge')).toBe(`S256(${attempt.codeVerifier})`);
    // 10:00 + 10 minutes.
    expect(attempt.expiresAt).toEqual(new Date('2026-03-04T10:10:00Z'));
    expect((await w.connections.find('app-1', 'profile-1', 'STRAVA'))?.state).toBe('pending');
  });

  it('refuses an unknown slug (404), the mobile-SDK sources (400), a bad redirect and another app\'s profile before writing anything', async () => {
    const w = world();
    const attempt = (slug: string, extra: Record<string, unknown> = {}) =>
      w.start.execute({ authority: { principal: admin }, slug, profileId: 'profile-1', callbackUrl: CALLBACK, ...extra });
    await expect(attempt('nope')).rejects.toMatchObject({ code: ConnectionErrorCode.UnknownSource });
    await expect(attempt('garmin')).rejects.toMatchObject({ code: ConnectionErrorCode.UnknownSource }); // not configured here
    await expect(attempt('apple')).rejects.toMatchObject({ code: ConnectionErrorCode.MobileSdkOnly });
    await expect(attempt('health_connect')).rejects.toMatchObject({ code: ConnectionErrorCode.MobileSdkOnly });
    await expect(attempt('strava', { redirect: 'javascript:alert(1)' })).rejects.toMatchObject({ code: ConnectionErrorCode.InvalidRedirect });
    await expect(w.start.execute({ authority: { principal: admin }, slug: 'strava', profileId: 'profile-2', callbackUrl: CALLBACK })).rejects.toMatchObject({
      code: 'identity.profile_not_found',
    });
    expect([w.attempts.rows.size, w.connections.rows.size]).toEqual([0, 0]);
  });

  it('completes once: tokens sealed, backfill asked in the same unit of work; the same state again is refused', async () => {
    const w = world();
    const state = await w.begin({ redirect: 'https://app.test/ok' });
    w.strava.codes.set('code-1', grantOf());
    const result = await w.complete.execute({ slug: 'strava', query: { state, code: 'code-1', scope: 'read' } });
    expect(result).toEqual({ source: 'STRAVA', outcome: 'connected', redirect: 'https://app.test/ok' });
    const connection = (await w.connections.find('app-1', 'profile-1', 'STRAVA')) as Connection;
    expect([connection.state, connection.vendorUserId]).toEqual(['connected', 'athlete-9']);
    expect(connection.sealedGrant).toMatch(/^sealed:/);
    expect(openGrant(w.cipher, connection.sealedGrant as string)).toEqual(grantOf());
    expect(w.strava.calls.exchange[0]).toMatchObject({ code: 'code-1', redirectUri: CALLBACK, callbackParameters: { state, code: 'code-1', scope: 'read' } });
    expect(w.jobs.pending).toEqual([{ type: 'connection.backfill', appId: 'app-1', connectionId: connection.id }]);
    await expect(w.complete.execute({ slug: 'strava', query: { state, code: 'code-1' } })).rejects.toMatchObject({ code: ConnectionErrorCode.InvalidState });
  });

  it('refuses an expired state, and a state presented to another vendor\'s callback without consuming it', async () => {
    const w = world();
    w.directory.require('strava');
    const state = await w.begin();
    w.clock.advance(10 * 60_000);
    await expect(w.complete.execute({ slug: 'strava', query: { state, code: 'c' } })).rejects.toMatchObject({ code: ConnectionErrorCode.InvalidState });
    const other = world();
    const fresh = await other.begin();
    const polar = new FakeDataProvider('POLAR');
    const complete = new CompleteConnectionUseCase(new ProviderDirectory([other.strava, polar]), other.attempts, other.unitOfWork, other.cipher, other.tokens, other.ids, other.clock);
    await expect(complete.execute({ slug: 'polar', query: { state: fresh, code: 'c' } })).rejects.toMatchObject({ code: ConnectionErrorCode.InvalidState });
    expect(other.attempts.rows.size).toBe(1);
  });

  it('denied consent: redirect?error=access_denied when asked, the pending connection in error; a working one stays connected', async () => {
    const w = world();
    const state = await w.begin({ redirect: 'https://app.test/back?x=1', redirectOnError: true });
    const result = await w.complete.execute({ slug: 'strava', query: { state, error: 'access_denied' } });
    expect(result).toEqual({ source: 'STRAVA', outcome: 'access_denied', redirect: 'https://app.test/back?x=1&error=access_denied' });
    expect((await w.connections.find('app-1', 'profile-1', 'STRAVA'))?.state).toBe('error');

    const connected = await w.connectNow();
    const again = await w.begin({ redirect: 'https://app.test/back' });
    w.strava.failures.exchange.push(new ProviderError(ProviderErrorKind.Unavailable, 'down'));
    w.strava.codes.set('code-2', grantOf());
    const failed = await w.complete.execute({ slug: 'strava', query: { state: again, code: 'code-2' } });
    // redirect_on_error false: Strive's own page.
    expect(failed).toEqual({ source: 'STRAVA', outcome: 'unknown', redirect: null });
    expect(await w.connections.find('app-1', 'profile-1', 'STRAVA')).toEqual(connected);
  });

  it('disconnects: revoked at the vendor, tokens dropped; an unreachable vendor does not keep the person connected', async () => {
    const w = world();
    const disconnect = new DisconnectConnectionUseCase(w.directory, w.profiles, w.connections, w.signer, w.cipher, w.clock);
    await w.connectNow();
    expect(await disconnect.execute({ authority: { principal: admin }, slug: 'strava', profileId: 'profile-1' })).toEqual({ vendorRevoked: true });
    expect(w.strava.calls.revoke).toEqual([grantOf()]);
    const gone = (await w.connections.find('app-1', 'profile-1', 'STRAVA')) as Connection;
    expect([gone.state, gone.sealedGrant]).toEqual(['disconnected', null]);
    await expect(disconnect.execute({ authority: { principal: admin }, slug: 'strava', profileId: 'profile-1' })).rejects.toMatchObject({ code: ConnectionErrorCode.NotFound });

    await w.connectNow();
    w.strava.failures.revoke.push(new ProviderError(ProviderErrorKind.Unavailable, 'down'));
    expect(await disconnect.execute({ authority: { principal: admin }, slug: 'strava', profileId: 'profile-1' })).toEqual({ vendorRevoked: false });
    expect((await w.connections.find('app-1', 'profile-1', 'STRAVA'))?.state).toBe('disconnected');
  });

  it('lists every connectable source with a ticket bound to the profile; a ticket authorizes like the bearer, until it expires', async () => {
    const w = world();
    const list = new ListConnectionsUseCase(w.directory, w.profiles, w.connections, w.signer, w.clock);
    const listing = await list.execute({ authority: { principal: admin }, profileId: 'profile-1', redirect: 'https://app.test/x', redirectOnError: true });
    expect(listing.sources).toEqual([{ source: 'STRAVA', connection: null }]);
    // 10:00 + 30 minutes.
    expect(w.signer.verify(listing.ticket)).toEqual({ appId: 'app-1', profileId: 'profile-1', redirect: 'https://app.test/x', redirectOnError: true, expiresAt: new Date('2026-03-04T10:30:00Z') });
    const { url } = await w.start.execute({ authority: { ticket: listing.ticket }, slug: 'strava', profileId: null, callbackUrl: CALLBACK });
    const attempt = w.attempts.rows.get(`digest:${new URL(url).searchParams.get('state')}`);
    expect([attempt?.redirect, attempt?.redirectOnError]).toEqual(['https://app.test/x', true]);
    w.clock.advance(30 * 60_000);
    await expect(w.start.execute({ authority: { ticket: listing.ticket }, slug: 'strava', profileId: null, callbackUrl: CALLBACK })).rejects.toMatchObject({
      code: ConnectionErrorCode.InvalidTicket,
    });
    await expect(list.execute({ authority: { ticket: 'forged' }, profileId: null })).rejects.toMatchObject({ code: ConnectionErrorCode.InvalidTicket });
  });
});

describe(SyncConnectionUseCase.name, () => {
  it('backfills min(CONNECTION_BACKFILL_DAYS, the vendor\'s limit) days, every page, through the write path', async () => {
    const w = world();
    const connection = await w.connectNow();
    w.strava.pages = [{ workout: [workout('w1', '2026-03-01T07:00:00Z')] }, { workout: [workout('w2', '2026-03-02T07:00:00Z')] }];
    expect(await w.sync.execute({ appId: 'app-1', connectionId: connection.id, backfill: true })).toEqual({ outcome: 'synced', records: 2 });
    // The vendor allows 30 days (the setting says 90): 2026-03-04 10:00 - 30 days.
    expect(w.strava.calls.fetch.map((c) => [c.from, c.to, c.cursor])).toEqual([
      [new Date('2026-02-02T10:00:00Z'), new Date('2026-03-04T10:00:00Z'), null],
      [new Date('2026-02-02T10:00:00Z'), new Date('2026-03-04T10:00:00Z'), '1'],
    ]);
    expect([...w.records.rows.values()].map((r) => [r.source, r.externalId])).toEqual([['STRAVA', 'w1'], ['STRAVA', 'w2']]);
    const after = (await w.connections.findById('app-1', connection.id)) as Connection;
    expect([after.syncState, after.lastSyncAt, after.syncedUntil]).toEqual(['synced', new Date('2026-03-04T10:00:00Z'), new Date('2026-03-04T10:00:00Z')]);
    // Next incremental sync, a day later (the token expired meanwhile: refreshed first): from two days before the last end.
    w.clock.advance(24 * 3_600_000);
    w.strava.nextRefresh = grantOf({ expiresAt: new Date('2026-03-05T16:00:00Z') });
    await w.sync.execute({ appId: 'app-1', connectionId: connection.id, backfill: false });
    expect(w.strava.calls.fetch[2].from).toEqual(new Date('2026-03-02T10:00:00Z'));
  });

  it('validates and stores a page in slices of at most 1000 records', async () => {
    const w = world();
    const connection = await w.connectNow();
    const many = Array.from({ length: 2500 }, (_, i) => workout(`w${i}`, new Date(Date.UTC(2026, 2, 3, 0, 0, i)).toISOString()));
    w.strava.pages = [{ workout: many }];
    let runs = 0;
    const counting = { run: <T>(work: Parameters<typeof w.unitOfWork.run<T>>[0]) => (runs++, w.unitOfWork.run(work)) };
    const sync = new SyncConnectionUseCase(w.directory, w.connections, w.cipher, new RecordActivityUseCase(counting, []), w.clock, { backfillDays: 90 });
    expect(await sync.execute({ appId: 'app-1', connectionId: connection.id, backfill: true })).toEqual({ outcome: 'synced', records: 2500 });
    // 1000 + 1000 + 500.
    expect(runs).toBe(3);
    expect(w.records.rows.size).toBe(2500);
  });

  it('refreshes a token expiring within 5 minutes before reading, keeping the refresh token the vendor did not rotate', async () => {
    const w = world();
    const connection = await w.connectNow(grantOf({ expiresAt: new Date('2026-03-04T10:04:00Z') }));
    w.strava.nextRefresh = grantOf({ accessToken: 'access-2', refreshToken: null, expiresAt: new Date('2026-03-04T16:00:00Z') });
    await w.sync.execute({ appId: 'app-1', connectionId: connection.id, backfill: false });
    expect(w.strava.calls.refresh).toHaveLength(1);
    expect(w.strava.calls.fetch[0].grant.accessToken).toBe('access-2');
    const stored = openGrant(w.cipher, ((await w.connections.findById('app-1', connection.id)) as Connection).sealedGrant as string);
    expect([stored.accessToken, stored.refreshToken]).toEqual(['access-2', 'refresh-1']);
  });

  it('a refused refresh revokes the connection with its reason; a 401 refreshes once and reads again', async () => {
    const w = world();
    const connection = await w.connectNow();
    w.strava.failures.fetch.push(new ProviderError(ProviderErrorKind.Unauthorized, 'token expired'));
    w.strava.nextRefresh = grantOf({ accessToken: 'access-2' });
    expect((await w.sync.execute({ appId: 'app-1', connectionId: connection.id, backfill: false })).outcome).toBe('synced');
    expect(w.strava.calls.fetch.map((c) => c.grant.accessToken)).toEqual(['access-1', 'access-2']);

    w.strava.failures.fetch.push(new ProviderError(ProviderErrorKind.Unauthorized, 'token expired'));
    w.strava.failures.refresh.push(new ProviderError(ProviderErrorKind.Refused, 'invalid_grant'));
    expect((await w.sync.execute({ appId: 'app-1', connectionId: connection.id, backfill: false })).outcome).toBe('revoked');
    const revoked = (await w.connections.findById('app-1', connection.id)) as Connection;
    expect([revoked.state, revoked.sealedGrant, revoked.lastError]).toEqual(['revoked', null, 'The vendor refused the token refresh: invalid_grant']);
    // A revoked connection is skipped.
    expect(await w.sync.execute({ appId: 'app-1', connectionId: connection.id, backfill: false })).toEqual({ outcome: 'skipped', records: 0 });
  });

  it('429 and 5xx: RetryLater with the vendor\'s wait (60 s when it names none), the state unchanged, sync_state retrying', async () => {
    const w = world();
    const connection = await w.connectNow();
    w.strava.failures.fetch.push(new ProviderError(ProviderErrorKind.RateLimited, 'slow down', 300));
    const thrown = await w.sync.execute({ appId: 'app-1', connectionId: connection.id, backfill: false }).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(RetryLater);
    expect((thrown as RetryLater).afterSeconds).toBe(300);
    const waiting = (await w.connections.findById('app-1', connection.id)) as Connection;
    expect([waiting.state, waiting.syncState]).toEqual(['connected', 'retrying']);
    w.strava.failures.fetch.push(new ProviderError(ProviderErrorKind.Unavailable, 'down'));
    expect(((await w.sync.execute({ appId: 'app-1', connectionId: connection.id, backfill: false }).catch((e: unknown) => e)) as RetryLater).afterSeconds).toBe(60);
  });

  it('stops without overwriting when the connection is disconnected while the sync runs', async () => {
    const w = world();
    const connection = await w.connectNow();
    const disconnect = new DisconnectConnectionUseCase(w.directory, w.profiles, w.connections, w.signer, w.cipher, w.clock);
    w.strava.pages = [{ workout: [workout('w1', '2026-03-01T07:00:00Z')] }, { workout: [workout('w2', '2026-03-02T07:00:00Z')] }];
    w.strava.duringFetch = async () => {
      w.strava.duringFetch = null;
      w.clock.advance(1000);
      await disconnect.execute({ authority: { principal: admin }, slug: 'strava', profileId: 'profile-1' });
    };
    expect((await w.sync.execute({ appId: 'app-1', connectionId: connection.id, backfill: true })).outcome).toBe('skipped');
    const after = (await w.connections.findById('app-1', connection.id)) as Connection;
    expect([after.state, after.sealedGrant]).toEqual(['disconnected', null]);
  });

  it('keeps at most 10 open attempts per profile', async () => {
    const w = world();
    for (let i = 0; i < 12; i++) {
      await w.begin();
      w.clock.advance(1000);
    }
    expect(w.attempts.rows.size).toBe(10);
  });

  it('a page that fails the upload rules stores nothing of that slice and puts the connection in error with the first problem', async () => {
    const w = world();
    const connection = await w.connectNow();
    w.strava.pages = [{ workout: [{ ...workout('w1', '2026-03-01T07:00:00Z'), distance: -5 }] }];
    expect((await w.sync.execute({ appId: 'app-1', connectionId: connection.id, backfill: true })).outcome).toBe('failed');
    const failed = (await w.connections.findById('app-1', connection.id)) as Connection;
    expect([failed.state, failed.syncState]).toEqual(['error', 'failed']);
    expect(failed.lastError).toContain('workout[0].distance');
    expect(w.records.rows.size).toBe(0);
  });
});

describe(ReceiveVendorWebhookUseCase.name, () => {
  it('answers a handshake as the adapter says, asks one sync per connection for repeated notifications, rewinds to a notified date', async () => {
    const w = world();
    const receive = new ReceiveVendorWebhookUseCase(w.directory, w.connections, w.unitOfWork, w.clock);
    const request = { method: 'POST' as const, query: {}, headers: {}, rawBody: '' };
    w.strava.webhookAnswer = { kind: 'handshake', status: 200, body: { 'hub.challenge': 'x' } };
    expect(await receive.execute({ slug: 'strava', request })).toEqual({ kind: 'handshake', status: 200, body: { 'hub.challenge': 'x' } });

    const connection = await w.connectNow();
    await w.connections.save({ ...connection, syncedUntil: new Date('2026-03-04T00:00:00Z') });
    w.jobs.pending.length = 0;
    w.strava.webhookAnswer = { kind: 'notifications', notifications: [{ vendorUserId: 'athlete-9', from: new Date('2026-02-20T00:00:00Z'), to: null }, { vendorUserId: 'someone-else', from: null, to: null }] };
    expect(await receive.execute({ slug: 'strava', request })).toEqual({ kind: 'accepted', syncs: 1 });
    expect(await receive.execute({ slug: 'strava', request })).toEqual({ kind: 'accepted', syncs: 1 });
    expect(w.jobs.pending).toEqual([{ type: 'connection.sync', appId: 'app-1', connectionId: connection.id }]);
    expect((await w.connections.findById('app-1', connection.id))?.syncedUntil).toEqual(new Date('2026-02-20T00:00:00Z'));

    // Unsigned vendors' deauthorization notices prove nothing: a sync asks the vendor, whose refusal revokes.
    w.strava.webhookAnswer = { kind: 'notifications', notifications: [{ vendorUserId: 'athlete-9', from: null, to: null, deauthorized: true }] };
    expect(await receive.execute({ slug: 'strava', request })).toEqual({ kind: 'accepted', syncs: 1 });
    expect((await w.connections.findById('app-1', connection.id))?.state).toBe('connected');

    // A notified time is clamped to the last 90 days (2026-03-05 here) and an invalid one ignored;
    // the same account named twice is one sync from its earliest time.
    w.strava.webhookAnswer = {
      kind: 'notifications',
      notifications: [
        { vendorUserId: 'athlete-9', from: new Date(0), to: null },
        { vendorUserId: 'athlete-9', from: new Date(Number.NaN), to: null },
      ],
    };
    expect(await receive.execute({ slug: 'strava', request })).toEqual({ kind: 'accepted', syncs: 1 });
    expect((await w.connections.findById('app-1', connection.id))?.syncedUntil).toEqual(new Date(w.clock.now().getTime() - 90 * 86_400_000));

    w.strava.webhookAnswer = new ProviderError(ProviderErrorKind.InvalidResponse, 'bad signature');
    await expect(receive.execute({ slug: 'strava', request })).rejects.toMatchObject({ code: ConnectionErrorCode.InvalidWebhook });
  });
});

describe(ScheduleConnectionSyncsUseCase.name, () => {
  it('asks a sync of each connection not synced for the interval, and drops expired attempts', async () => {
    const w = world();
    const connection = await w.connectNow();
    await w.begin();
    w.jobs.pending.length = 0;
    const schedule = new ScheduleConnectionSyncsUseCase(w.unitOfWork, w.attempts, w.clock, 60 * 60_000);
    await w.connections.save({ ...connection, lastSyncAt: new Date('2026-03-04T09:30:00Z') });
    expect(await schedule.execute()).toEqual({ scheduled: 0, expiredAttempts: 0 });
    w.clock.advance(31 * 60_000);
    // 10:31: the last sync (09:30) is more than an hour old; the attempt (10:00, 10 minutes) has expired.
    expect(await schedule.execute()).toEqual({ scheduled: 1, expiredAttempts: 1 });
    expect(w.jobs.pending).toEqual([{ type: 'connection.sync', appId: 'app-1', connectionId: connection.id }]);
  });
});

describe('sealed grants', () => {
  it('round-trip through the cipher', () => {
    const cipher = new FakeTokenCipher();
    expect(openGrant(cipher, sealGrant(cipher, grantOf()))).toEqual(grantOf());
    expect(openGrant(cipher, sealGrant(cipher, grantOf({ expiresAt: null, refreshToken: null })))).toEqual(grantOf({ expiresAt: null, refreshToken: null }));
  });
});

import { aProfile } from '../../testing/gamification-world';
import { FakeDataProvider } from '../../testing/fake-data-provider';
import { FakePkceChallenger, FakeTicketSigner, FakeTokenCipher } from '../../testing/fake-connection-secrets';
import { FakeTokenGenerator } from '../../testing/fake-token-generator';
import { InMemoryConnectionAttemptRepository } from '../../testing/in-memory-connection-attempt-repository';
import { writeWorld } from '../../testing/write-world';
import { Connection } from '../connections/connection';
import { ConnectionErrorCode } from '../connections/connection-error';
import { MAX_REDIRECT_LENGTH, readRedirect } from '../connections/connection-redirect';
import { ProviderDirectory } from '../connections/provider-directory';
import { ProviderError, ProviderErrorKind, ProviderGrant, ProviderRecords } from '../ports/data-provider';
import { CompleteConnectionUseCase } from './complete-connection.use-case';
import { DisconnectConnectionUseCase } from './disconnect-connection.use-case';
import { IssueConnectionWidgetUseCase } from './issue-connection-widget.use-case';
import { ListConnectionsUseCase } from './list-connections.use-case';
import { MAX_WEBHOOK_NOTIFICATIONS, ReceiveVendorWebhookUseCase } from './receive-vendor-webhook.use-case';
import { RecordActivityUseCase } from './record-activity.use-case';
import { StartConnectionUseCase } from './start-connection.use-case';
import { MAX_SYNC_PAGES, SyncConnectionUseCase } from './sync-connection.use-case';

const CALLBACK = 'https://strive.test/cb';
const admin = { kind: 'admin', appId: 'app-1' } as const;
const ann = { kind: 'profile', appId: 'app-1', profileId: 'profile-1' } as const;
const grant: ProviderGrant = { accessToken: 'a', refreshToken: 'r', expiresAt: new Date('2026-03-04T16:00:00Z'), scope: null, vendorUserId: 'v' };

function world() {
  const w = writeWorld({ profiles: [aProfile()] });
  const strava = new FakeDataProvider('STRAVA');
  const directory = new ProviderDirectory([strava]);
  const attempts = new InMemoryConnectionAttemptRepository();
  const cipher = new FakeTokenCipher();
  const signer = new FakeTicketSigner();
  const tokens = new FakeTokenGenerator();
  const start = new StartConnectionUseCase(directory, w.profiles, w.connections, attempts, signer, tokens, new FakePkceChallenger(), w.ids, w.clock);
  const complete = new CompleteConnectionUseCase(directory, attempts, w.unitOfWork, cipher, tokens, w.ids, w.clock);
  const sync = new SyncConnectionUseCase(directory, w.connections, cipher, new RecordActivityUseCase(w.unitOfWork, []), w.clock, { backfillDays: 90 });
  const disconnect = new DisconnectConnectionUseCase(directory, w.profiles, w.connections, signer, cipher, w.clock);
  const begin = async () =>
    new URL((await start.execute({ authority: { principal: admin }, slug: 'strava', profileId: 'profile-1', callbackUrl: CALLBACK })).url).searchParams.get('state') as string;
  const connected = async () => {
    const state = await begin();
    strava.codes.set('code', grant);
    await complete.execute({ slug: 'strava', query: { state, code: 'code' } });
    return (await w.connections.find('app-1', 'profile-1', 'STRAVA')) as Connection;
  };
  return { ...w, strava, directory, attempts, signer, start, complete, sync, disconnect, begin, connected };
}

describe('connection edge cases', () => {
  it('reads redirects: absent, too long, not a URL', () => {
    expect(readRedirect(undefined)).toBeNull();
    expect(readRedirect(null)).toBeNull();
    expect(readRedirect('https://app.test/a b')).toBe('https://app.test/a%20b');
    expect(() => readRedirect(`https://app.test/${'x'.repeat(MAX_REDIRECT_LENGTH)}`)).toThrow('at most');
    expect(() => readRedirect('http://')).toThrow('absolute http or https');
  });

  it('issues a widget ticket for the profile itself or its administrator, 30 minutes', async () => {
    const w = world();
    const issue = new IssueConnectionWidgetUseCase(w.profiles, w.signer, w.clock);
    const { ticket, expiresAt } = await issue.execute({ principal: ann, profileId: 'profile-1' });
    expect(expiresAt).toEqual(new Date('2026-03-04T10:30:00Z'));
    expect(w.signer.verify(ticket)).toEqual({ appId: 'app-1', profileId: 'profile-1', redirect: null, redirectOnError: false, expiresAt });
    const withRedirect = await issue.execute({ principal: admin, profileId: 'profile-1', redirect: 'https://app.test/', redirectOnError: true });
    expect(w.signer.verify(withRedirect.ticket)?.redirectOnError).toBe(true);
    await expect(issue.execute({ principal: { kind: 'profile', appId: 'app-1', profileId: 'other' }, profileId: 'profile-1' })).rejects.toMatchObject({
      code: 'identity.not_own_profile',
    });
  });

  it('lists with a widget ticket as its authority, and refuses an over-long ticket', async () => {
    const w = world();
    const list = new ListConnectionsUseCase(w.directory, w.profiles, w.connections, w.signer, w.clock);
    const ticket = w.signer.sign({ appId: 'app-1', profileId: 'profile-1', redirect: null, redirectOnError: false, expiresAt: new Date('2026-03-04T10:30:00Z') });
    expect((await list.execute({ authority: { ticket }, profileId: null })).ticket).toBe(ticket);
    await expect(list.execute({ authority: { ticket: 'x'.repeat(3000) }, profileId: null })).rejects.toMatchObject({ code: ConnectionErrorCode.InvalidTicket });
    expect(w.directory.find('GARMIN')).toBeNull();
  });

  it('callback: no state, an over-long state, no code, consent_required, a deleted profile', async () => {
    const w = world();
    await expect(w.complete.execute({ slug: 'strava', query: {} })).rejects.toMatchObject({ code: ConnectionErrorCode.InvalidState });
    await expect(w.complete.execute({ slug: 'strava', query: { state: 's'.repeat(600) } })).rejects.toMatchObject({ code: ConnectionErrorCode.InvalidState });
    expect((await w.complete.execute({ slug: 'strava', query: { state: await w.begin() } })).outcome).toBe('unknown');
    expect((await w.complete.execute({ slug: 'strava', query: { state: await w.begin(), error: 'consent_required' } })).outcome).toBe('access_denied');
    expect((await w.complete.execute({ slug: 'strava', query: { state: await w.begin(), error: 'server_error' } })).outcome).toBe('unknown');
    const state = await w.begin();
    w.strava.codes.set('code', grant);
    await w.profiles.delete('app-1', 'profile-1');
    await expect(w.complete.execute({ slug: 'strava', query: { state, code: 'code' } })).rejects.toMatchObject({ code: ConnectionErrorCode.NotFound });
  });

  it('lets unexpected errors through (they are bugs, not vendor answers)', async () => {
    const w = world();
    const state = await w.begin();
    w.strava.exchangeCode = async () => {
      throw new TypeError('bug');
    };
    await expect(w.complete.execute({ slug: 'strava', query: { state, code: 'c' } })).rejects.toThrow('bug');
    const connection = await (async () => {
      const fresh = world();
      return { w: fresh, c: await fresh.connected() };
    })();
    connection.w.strava.revoke = async () => {
      throw new TypeError('bug');
    };
    await expect(connection.w.disconnect.execute({ authority: { principal: admin }, slug: 'strava', profileId: 'profile-1' })).rejects.toThrow('bug');
    connection.w.strava.fetchPage = async () => {
      throw new TypeError('bug');
    };
    await expect(connection.w.sync.execute({ appId: 'app-1', connectionId: connection.c.id, backfill: false })).rejects.toThrow('bug');
    const receive = new ReceiveVendorWebhookUseCase(w.directory, w.connections, w.unitOfWork, w.clock);
    w.strava.receiveWebhook = () => {
      throw new TypeError('bug');
    };
    await expect(receive.execute({ slug: 'strava', request: { method: 'POST', query: {}, headers: {}, rawBody: '' } })).rejects.toThrow('bug');
  });

  it('disconnects a connection whose tokens cannot be opened (another key): nothing to revoke with, still disconnected', async () => {
    const w = world();
    const connection = await w.connected();
    await w.connections.save({ ...connection, sealedGrant: 'sealed under a key this server no longer has' });
    expect(await w.disconnect.execute({ authority: { principal: admin }, slug: 'strava', profileId: 'profile-1' })).toEqual({ vendorRevoked: false });
    expect(w.strava.calls.revoke).toEqual([]);
    expect((await w.connections.findById('app-1', connection.id))?.state).toBe('disconnected');
  });

  it('disconnects a pending connection without calling the vendor', async () => {
    const w = world();
    await w.begin();
    expect(await w.disconnect.execute({ authority: { principal: admin }, slug: 'strava', profileId: 'profile-1' })).toEqual({ vendorRevoked: false });
    expect(w.strava.calls.revoke).toEqual([]);
  });

  it('refuses a webhook with too many notifications before looking any up', async () => {
    const w = world();
    const receive = new ReceiveVendorWebhookUseCase(w.directory, w.connections, w.unitOfWork, w.clock);
    w.strava.webhookAnswer = { kind: 'notifications', notifications: Array.from({ length: MAX_WEBHOOK_NOTIFICATIONS + 1 }, () => ({ vendorUserId: 'v', from: null, to: null })) };
    await expect(receive.execute({ slug: 'strava', request: { method: 'POST', query: {}, headers: {}, rawBody: '' } })).rejects.toMatchObject({
      code: ConnectionErrorCode.InvalidWebhook,
    });
  });

  it('sync: a refresh the vendor cannot answer now is retried later; endless pages and unreadable answers fail the sync', async () => {
    const w = world();
    const c = await w.connected();
    await w.connections.save({ ...c, tokenExpiresAt: new Date('2026-03-04T10:01:00Z') });
    w.clock.advance(6 * 3_600_000);
    w.strava.failures.refresh.push(new ProviderError(ProviderErrorKind.Unavailable, 'down', 30));
    await expect(w.sync.execute({ appId: 'app-1', connectionId: c.id, backfill: false })).rejects.toMatchObject({ afterSeconds: 30 });

    const other = world();
    const d = await other.connected();
    const endless: ProviderRecords = {};
    other.strava.fetchPage = async () => ({ records: endless, nextCursor: 'again' });
    expect((await other.sync.execute({ appId: 'app-1', connectionId: d.id, backfill: false })).outcome).toBe('failed');
    expect((await other.connections.findById('app-1', d.id))?.lastError).toContain(`more than ${MAX_SYNC_PAGES} pages`);

    const third = world();
    const e = await third.connected();
    third.strava.failures.fetch.push(new ProviderError(ProviderErrorKind.InvalidResponse, 'strava: the activity list is not a list'));
    expect((await third.sync.execute({ appId: 'app-1', connectionId: e.id, backfill: false })).outcome).toBe('failed');
    expect((await third.connections.findById('app-1', e.id))?.lastError).toBe('strava: the activity list is not a list');
  });

  it('fails a sync whose tokens were sealed under another key, asking for a reconnect', async () => {
    const w = world();
    const c = await w.connected();
    await w.connections.save({ ...c, sealedGrant: 'sealed under another key' });
    expect(await w.sync.execute({ appId: 'app-1', connectionId: c.id, backfill: false })).toEqual({ outcome: 'failed', records: 0 });
    const after = (await w.connections.findById('app-1', c.id)) as Connection;
    expect([after.state, after.syncState]).toEqual(['error', 'failed']);
    expect(after.lastError).toContain('connect again');
  });

  it('skips a connection of another app or an unknown one', async () => {
    const w = world();
    const c = await w.connected();
    expect(await w.sync.execute({ appId: 'app-2', connectionId: c.id, backfill: false })).toEqual({ outcome: 'skipped', records: 0 });
    const none = new SyncConnectionUseCase(new ProviderDirectory([]), w.connections, new FakeTokenCipher(), new RecordActivityUseCase(w.unitOfWork, []), w.clock, { backfillDays: 1 });
    expect(await none.execute({ appId: 'app-1', connectionId: c.id, backfill: false })).toEqual({ outcome: 'skipped', records: 0 });
  });
});

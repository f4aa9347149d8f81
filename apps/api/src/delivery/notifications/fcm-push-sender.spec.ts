import { PushMessage } from '@strive/domain';
import { FakeFcmServer } from '../../../test/support/fake-fcm-server';
import { FcmSettings } from '../../config/push-sender-config';
import { FcmPushSender } from './fcm-push-sender';

const message: PushMessage = {
  appId: 'a0000000-0000-4000-8000-00000000000a',
  notificationId: 'f1000000-0000-4000-8000-0000000000f1',
  content: { title: 'Week 3', body: 'You are 2nd', data: { challenge: 'c-1' }, image: 'https://cdn.example.com/a.png' },
};

describe(FcmPushSender.name, () => {
  let fcm: FakeFcmServer;
  let now: number;
  let sut: FcmPushSender;

  const settings = (): FcmSettings => ({
    projectId: fcm.projectId, clientEmail: fcm.clientEmail, privateKey: fcm.serviceAccount.private_key, privateKeyId: fcm.privateKeyId,
    tokenUrl: `${fcm.baseUrl}/token`, baseUrl: fcm.baseUrl,
  });

  beforeEach(async () => {
    fcm = await FakeFcmServer.start();
    now = Date.now();
    sut = new FcmPushSender(settings(), () => now);
  });
  afterEach(() => fcm.close());

  it('sends one v1 message per token with an access token from the service account', async () => {
    expect(await sut.send('android', ['tok-1', 'tok-2'], message)).toEqual({ sent: 2, failed: 0, unregistered: [] });
    expect(fcm.refusals).toEqual([]);
    expect(fcm.tokenRequests).toBe(1);
    expect(fcm.received.map((r) => r.token).sort()).toEqual(['tok-1', 'tok-2']);
    expect(fcm.received[0].message).toEqual({
      token: fcm.received[0].token,
      notification: { title: 'Week 3', body: 'You are 2nd', image: 'https://cdn.example.com/a.png' },
      data: { challenge: 'c-1' },
      android: { priority: 'high' },
    });
  });

  it('sends web tokens without the android options, and leaves out an empty body and data', async () => {
    await sut.send('web', ['web-1'], { ...message, content: { title: 'Hi', body: '', data: {}, image: null } });
    expect(fcm.received.map((r) => r.message)).toEqual([{ token: 'web-1', notification: { title: 'Hi' } }]);
  });

  it('names the tokens FCM reports UNREGISTERED', async () => {
    fcm.unregistered.add('gone');
    expect(await sut.send('android', ['ok', 'gone'], message)).toEqual({ sent: 1, failed: 0, unregistered: ['gone'] });
  });

  it('reuses the access token until a minute before it expires, then asks for a new one', async () => {
    await sut.send('android', ['a'], message);
    now += 3599_000 - 61_000;
    await sut.send('android', ['b'], message);
    expect(fcm.tokenRequests).toBe(1);
    now += 2_000;
    await sut.send('android', ['c'], message);
    expect(fcm.tokenRequests).toBe(2);
  });

  it('asks for a new access token once when FCM answers 401 to the cached one', async () => {
    await sut.send('android', ['a'], message);
    fcm.revokeAccessTokens();
    expect(await sut.send('android', ['b'], message)).toEqual({ sent: 1, failed: 0, unregistered: [] });
    expect(fcm.tokenRequests).toBe(2);
    expect(fcm.refusals).toEqual(['401 UNAUTHENTICATED: Request had invalid authentication credentials.']);
  });

  it('throws when FCM is unavailable for the whole batch (the job retries it)', async () => {
    fcm.unavailable = true;
    await expect(sut.send('android', ['a', 'b'], message)).rejects.toThrow('FCM unavailable for all 2 tokens of the batch');
  });

  it('throws when the token endpoint refuses the credentials', async () => {
    const wrongKey = new FcmPushSender({ ...settings(), clientEmail: 'someone@else.iam.gserviceaccount.com' });
    await expect(wrongKey.send('android', ['a'], message)).rejects.toThrow('FCM unavailable');
    expect(fcm.refusals).toEqual([expect.stringContaining('token: Invalid JWT Signature')]);
    expect(fcm.received).toEqual([]);
  });

  it('counts a message FCM refuses as failed, not unregistered', async () => {
    const badData = { ...message, content: { ...message.content, data: { n: 1 as unknown as string } } };
    expect(await sut.send('android', ['a'], badData)).toEqual({ sent: 0, failed: 1, unregistered: [] });
  });

  it('throws when FCM cannot be reached at all', async () => {
    const nowhere = new FcmPushSender({ ...settings(), baseUrl: 'http://127.0.0.1:1' });
    await expect(nowhere.send('android', ['a'], message)).rejects.toThrow('FCM unavailable');
  });
});

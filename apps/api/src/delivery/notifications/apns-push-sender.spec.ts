import { PushMessage } from '@strive/domain';
import { FakeApnsServer } from '../../../test/support/fake-apns-server';
import { ApnsSettings } from '../../config/push-sender-config';
import { ApnsPushSender } from './apns-push-sender';

const message: PushMessage = {
  appId: 'a0000000-0000-4000-8000-00000000000a',
  notificationId: 'f1000000-0000-4000-8000-0000000000f1',
  content: { title: 'Week 3', body: 'You are 2nd', data: { challenge: 'c-1' }, image: 'https://cdn.example.com/a.png' },
};
const token = (n: number) => n.toString(16).padStart(64, 'a');

describe(ApnsPushSender.name, () => {
  let apns: FakeApnsServer;
  let sut: ApnsPushSender;

  const settings = (): ApnsSettings => ({ privateKey: apns.privateKeyPem, keyId: apns.keyId, teamId: apns.teamId, topic: apns.topic, baseUrl: apns.baseUrl });

  beforeEach(async () => {
    apns = await FakeApnsServer.start();
    sut = new ApnsPushSender(settings());
  });
  afterEach(async () => {
    sut.close();
    await apns.close();
  });

  it('posts one alert per device token over HTTP/2 with a provider token, topic and push type', async () => {
    expect(await sut.send('ios', [token(1), token(2)], message)).toEqual({ sent: 2, failed: 0, unregistered: [] });
    expect(apns.refusals).toEqual([]);
    expect(apns.received.map((r) => r.token).sort()).toEqual([token(1), token(2)]);
    const [first] = apns.received;
    expect(first.payload).toEqual({
      aps: { alert: { title: 'Week 3', body: 'You are 2nd' }, sound: 'default', 'mutable-content': 1 },
      image: 'https://cdn.example.com/a.png',
      challenge: 'c-1',
    });
    expect(first.headers).toMatchObject({ 'apns-topic': 'com.example.strive', 'apns-push-type': 'alert', 'apns-priority': '10', 'apns-collapse-id': message.notificationId });
  });

  it('names the tokens APNs answers 410 Unregistered, and counts 400 BadDeviceToken as failed (a configuration mix-up answers it for every token)', async () => {
    apns.unregistered.add(token(2));
    apns.badTokens.add(token(3));
    const result = await sut.send('ios', [token(1), token(2), token(3)], message);
    expect(result).toEqual({ sent: 1, failed: 1, unregistered: [token(2)] });
  });

  it('reuses the provider token, and signs a new one once when APNs answers ExpiredProviderToken', async () => {
    await sut.send('ios', [token(1), token(2)], message);
    const used = [...new Set(apns.received.map((r) => String(r.headers.authorization).slice('bearer '.length)))];
    expect(used).toHaveLength(1);
    apns.expireProviderTokens(used);
    // (ES256 signatures are randomized: the new token differs even within the same second.)
    expect(await sut.send('ios', [token(3)], message)).toEqual({ sent: 1, failed: 0, unregistered: [] });
    expect(apns.refusals).toEqual(['403 ExpiredProviderToken']);
    expect(apns.received[2].headers.authorization).not.toBe(`bearer ${used[0]}`);
  });

  it('throws when APNs refuses the provider token for the whole batch (the job retries it)', async () => {
    const otherTeam = new ApnsPushSender({ ...settings(), teamId: 'OTHER12345' });
    await expect(otherTeam.send('ios', [token(1)], message)).rejects.toThrow('APNs unavailable for all 1 tokens of the batch');
    otherTeam.close();
    expect(apns.refusals).toEqual(['403 InvalidProviderToken']);
  });

  it('counts a message refused for its topic as failed', async () => {
    const wrongTopic = new ApnsPushSender({ ...settings(), topic: 'com.example.other' });
    expect(await wrongTopic.send('ios', [token(1)], message)).toEqual({ sent: 0, failed: 1, unregistered: [] });
    wrongTopic.close();
  });

  it('throws when APNs cannot be reached', async () => {
    const nowhere = new ApnsPushSender({ ...settings(), baseUrl: 'http://127.0.0.1:1' });
    await expect(nowhere.send('ios', [token(1)], message)).rejects.toThrow('APNs unavailable');
    nowhere.close();
  });
});

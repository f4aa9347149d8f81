import { createHmac } from 'node:crypto';
import { FixedClock } from '@strive/domain/testing';
import { DnsAddressResolver } from '../src/delivery/dns-address-resolver';
import { HttpWebhookSender } from '../src/delivery/http-webhook-sender';
import { WebhookReceiver } from './support/webhook-receiver';

/**
 * The HTTP sender against a real local receiver: the Standard Webhooks headers computed by hand,
 * no redirect followed, the timeout, and the send-time target check.
 */
describe(HttpWebhookSender.name, () => {
  const receiver = new WebhookReceiver();
  const clock = new FixedClock('2026-05-01T08:00:00Z');
  const LOCAL = { allowHttp: true, allowPrivateTargets: true };
  const key = Buffer.alloc(32, 1);
  const secret = `whsec_${key.toString('base64')}`;
  const request = (url: string, secrets = [secret]) => ({
    url, webhookId: 'msg_abc', timestamp: new Date('2026-05-01T08:00:00.900Z'), body: '{"event":"challenge_start"}', secrets,
  });

  beforeAll(() => receiver.start());
  afterAll(() => receiver.stop());

  it('posts the body with webhook-id, webhook-timestamp and one v1 signature per secret', async () => {
    const attempt = await new HttpWebhookSender(new DnsAddressResolver(), LOCAL, clock).send(request(receiver.url('/signed'), [secret, secret.replace('AQ', 'Ag')]));
    expect(attempt).toMatchObject({ at: clock.now(), statusCode: 204, error: null });
    const [got] = receiver.on('/signed');
    // HMAC-SHA256 over "msg_abc.1777622400.<body>" (2026-05-01T08:00:00Z = 1777622400 s) with the decoded key
    const expected = createHmac('sha256', key).update('msg_abc.1777622400.{"event":"challenge_start"}').digest('base64');
    expect(got.headers).toMatchObject({ 'webhook-id': 'msg_abc', 'webhook-timestamp': '1777622400', 'content-type': 'application/json' });
    expect(String(got.headers['webhook-signature']).split(' ')).toEqual([`v1,${expected}`, expect.stringMatching(/^v1,[A-Za-z0-9+/]+=*$/)]);
    expect(got.body).toBe('{"event":"challenge_start"}');
  });

  it('does not follow a redirect', async () => {
    receiver.answer = (r) => (r.path === '/moved' ? 301 : 204);
    const attempt = await new HttpWebhookSender(new DnsAddressResolver(), LOCAL, clock).send(request(receiver.url('/moved')));
    expect(attempt).toMatchObject({ statusCode: 301, error: 'HTTP 301' });
    expect(receiver.on('/moved')).toHaveLength(1);
    receiver.answer = () => 204;
  });

  it('gives up on a receiver that does not answer in time', async () => {
    receiver.answer = (r) => (r.path === '/hang' ? 'hang' : 204);
    const attempt = await new HttpWebhookSender(new DnsAddressResolver(), LOCAL, clock, 200).send(request(receiver.url('/hang')));
    expect(attempt).toMatchObject({ statusCode: null, error: 'no answer within 0.2 s' });
    receiver.answer = () => 204;
  });

  it('checks the target again when sending: a name resolving to loopback is not called', async () => {
    const strict = { allowHttp: true, allowPrivateTargets: false };
    const port = new URL(receiver.url()).port;
    const before = receiver.received.length;
    const attempt = await new HttpWebhookSender(new DnsAddressResolver(), strict, clock).send(request(`http://localhost:${port}/rebound`));
    expect(attempt.statusCode).toBeNull();
    expect(attempt.error).toBe('url must not point at a loopback, private, link-local or metadata address: refused.');
    expect(receiver.received).toHaveLength(before);
  });

  it('reports a refused connection as a failed attempt', async () => {
    const attempt = await new HttpWebhookSender(new DnsAddressResolver(), LOCAL, clock).send(request('http://127.0.0.1:1/closed'));
    expect(attempt).toMatchObject({ statusCode: null, error: expect.stringContaining('ECONNREFUSED') });
  });
});

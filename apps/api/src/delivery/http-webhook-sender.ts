import { AddressResolver, assertPublicAddresses, Clock, PushAttempt, PushTargetPolicy, WebhookRequest, WebhookSender } from '@strive/domain';
import ipaddr from 'ipaddr.js';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Webhook } from 'standardwebhooks';

/** No answer (headers and body) within this long is a failed attempt (contract: 15 s). */
export const WEBHOOK_TIMEOUT_MS = 15_000;

/**
 * Sends one webhook the Standard Webhooks way: `webhook-id`, `webhook-timestamp` (unix seconds)
 * and `webhook-signature` (`v1,<base64 HMAC-SHA256 of id.timestamp.body>`, signed by the
 * `standardwebhooks` package, one per valid secret, space-separated). The host is resolved and
 * its addresses checked before every attempt, and the connection goes to the address that was
 * checked (a DNS answer cannot change between check and connect). Redirects are not followed:
 * a 3xx is a failed attempt like any other non-2xx.
 */
export class HttpWebhookSender implements WebhookSender {
  constructor(
    private readonly resolver: AddressResolver,
    private readonly policy: PushTargetPolicy,
    private readonly clock: Clock,
    private readonly timeoutMs = WEBHOOK_TIMEOUT_MS,
  ) {}

  async send(req: WebhookRequest): Promise<PushAttempt> {
    const at = this.clock.now();
    const started = performance.now();
    const finish = (statusCode: number | null, error: string | null): PushAttempt => ({
      at, statusCode, latencyMs: Math.round(performance.now() - started), error,
    });
    try {
      const url = new URL(req.url);
      const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
      // The whole attempt, name resolution included, stays within the timeout (and so well within
      // the worker's 30 s lease): a receiver's slow DNS is a failed attempt like a slow answer.
      const addresses = ipaddr.isValid(host) ? [host] : await this.withinTimeout(this.resolver.resolve(host), started);
      if (addresses.length === 0) return finish(null, `${host} does not resolve`);
      assertPublicAddresses(addresses, this.policy);
      const signature = req.secrets.map((secret) => new Webhook(secret).sign(req.webhookId, req.timestamp, req.body)).join(' ');
      const headers = {
        'content-type': 'application/json',
        'user-agent': 'Strive-Webhooks/1',
        'webhook-id': req.webhookId,
        'webhook-timestamp': String(Math.floor(req.timestamp.getTime() / 1000)),
        'webhook-signature': signature,
      };
      const statusCode = await this.withinTimeout(this.post(url, addresses[0], headers, req.body), started);
      return finish(statusCode, statusCode >= 200 && statusCode < 300 ? null : `HTTP ${statusCode}`);
    } catch (error) {
      return finish(null, (error as Error).message);
    }
  }

  /** `work`, or a timeout error once `timeoutMs` have passed since `started`. */
  private withinTimeout<T>(work: Promise<T>, started: number): Promise<T> {
    const left = Math.max(0, this.timeoutMs - (performance.now() - started));
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${this.timeoutMs / 1000} s`)), left);
    });
    return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
  }

  /** POSTs to `address`, naming the URL's host (Host header, TLS server name); answers the status once the body is read. */
  private post(url: URL, address: string, headers: Record<string, string>, body: string): Promise<number> {
    return new Promise((resolve, reject) => {
      const https = url.protocol === 'https:';
      const request = (https ? httpsRequest : httpRequest)({
        host: address,
        port: url.port || (https ? 443 : 80),
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        headers: { ...headers, host: url.host, 'content-length': String(Buffer.byteLength(body)) },
        servername: https && !ipaddr.isValid(url.hostname.replace(/^\[(.*)\]$/, '$1')) ? url.hostname : undefined,
        agent: false,
      });
      const timer = setTimeout(() => request.destroy(new Error(`no answer within ${this.timeoutMs / 1000} s`)), this.timeoutMs);
      request.on('response', (response) => {
        // The answer's body is read and dropped: only the status counts.
        response.on('data', () => undefined);
        response.on('end', () => {
          clearTimeout(timer);
          resolve(response.statusCode ?? 0);
        });
        response.on('error', (error) => {
          clearTimeout(timer);
          reject(error);
        });
      });
      request.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      request.end(body);
    });
  }
}

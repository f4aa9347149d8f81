import { createServer, IncomingHttpHeaders, Server } from 'node:http';
import { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** What the receiver answers a request with: a status, or 'hang' (never answers); possibly later. */
export type ReceiverAnswer = number | 'hang';

/**
 * A real webhook receiver on 127.0.0.1 (node:http) that keeps every request it got. `answer`
 * decides per request (default 204).
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  answer: (request: ReceivedWebhook) => ReceiverAnswer | Promise<ReceiverAnswer> = () => 204;
  private server: Server | null = null;
  private readonly hanging = new Set<import('node:http').ServerResponse>();

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', async () => {
        const request = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
        this.received.push(request);
        const answer = await this.answer(request);
        if (answer === 'hang') {
          this.hanging.add(res);
          return;
        }
        if (!res.destroyed) res.writeHead(answer).end();
      });
    });
    await new Promise<void>((resolve) => (this.server as Server).listen(0, '127.0.0.1', resolve));
    return this;
  }

  /** http://127.0.0.1:<port><path> */
  url(path = '/hook'): string {
    return `http://127.0.0.1:${(this.server?.address() as AddressInfo).port}${path}`;
  }

  on(path: string): ReceivedWebhook[] {
    return this.received.filter((r) => r.path === path);
  }

  async stop(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

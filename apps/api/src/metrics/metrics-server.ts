import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { timingSafeEqual } from 'node:crypto';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../system/tokens';
import { StriveMetrics } from './strive-metrics';

/**
 * GET /metrics on a listener of its own (METRICS_HOST:METRICS_PORT), started only when the
 * operator sets METRICS_PORT: the public API port never serves metrics. With METRICS_TOKEN set,
 * a scrape must send `Authorization: Bearer <token>` (401 otherwise).
 */
@Injectable()
export class MetricsServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Metrics');
  private server: Server | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: StriveMetrics,
  ) {}

  /** The port it listens on (METRICS_PORT=0 picks a free one); null when off. */
  get port(): number | null {
    return this.server ? (this.server.address() as AddressInfo).port : null;
  }

  async onApplicationBootstrap(): Promise<void> {
    const { port, host } = this.config.metrics;
    if (port === null) return;
    const server = createServer((request, response) => void this.answer(request, response));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    this.server = server;
    this.logger.log(`Prometheus metrics on http://${host}:${this.port}/metrics${this.config.metrics.token ? ' (bearer METRICS_TOKEN)' : ''}`);
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = (request.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Only GET /metrics is served here.\n');
      return;
    }
    if (!this.authorized(request.headers.authorization)) {
      response.writeHead(401, { 'Content-Type': 'text/plain; charset=utf-8', 'WWW-Authenticate': 'Bearer realm="metrics"' }).end('Send the METRICS_TOKEN as a bearer.\n');
      return;
    }
    try {
      const { contentType, body } = await this.metrics.scrape();
      response.writeHead(200, { 'Content-Type': contentType }).end(request.method === 'HEAD' ? undefined : body);
    } catch (error) {
      this.logger.error(`scrape failed: ${(error as Error).message}`);
      response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('The metrics could not be collected.\n');
    }
  }

  private authorized(header: string | undefined): boolean {
    const token = this.config.metrics.token;
    if (!token) return true;
    const given = Buffer.from(/^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? '');
    const expected = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}

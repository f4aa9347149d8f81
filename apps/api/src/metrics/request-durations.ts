import type { FastifyInstance } from 'fastify';
import { StriveMetrics } from './strive-metrics';

/**
 * Every answered request into strive_http_request_duration_seconds, labelled with the route
 * pattern (`/api/v1/challenge/:public_id/`; "unmatched" when no route answered), never the raw
 * URL, the method (Node's parser accepts only known ones) and the status class: bounded label sets.
 */
export function recordRequestDurations(fastify: FastifyInstance, metrics: StriveMetrics): void {
  // A callback hook, not an async one: no promise per request.
  fastify.addHook('onResponse', (request, reply, done) => {
    metrics.httpDuration.observe(
      { route: request.routeOptions?.url ?? 'unmatched', method: request.method, status_class: `${Math.floor(reply.statusCode / 100)}xx` },
      reply.elapsedTime / 1000,
    );
    done();
  });
}

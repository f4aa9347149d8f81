import { Clock, DeliverPushUseCase, PushDeliveryStatus } from '@strive/domain';
import { DataSource } from 'typeorm';
import { AppConfig, loadConfig } from '../config/app-config';
import { StriveMetrics } from '../metrics/strive-metrics';
import { TypeOrmPushFanOut } from '../persistence/delivery/typeorm-push-fan-out';
import { PushDispatcher } from './push-dispatcher';

const POLL_MS = 40;
const WORKERS = 8;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The dispatcher's worker loops against a queue of due deliveries in memory: how often they ask
 * for work while there is none, and how many send at once when there is.
 */
function world(env: Record<string, string> = {}) {
  const config: AppConfig = loadConfig({
    JOBS_ENABLED: 'true', JOBS_POLL_INTERVAL_MS: String(POLL_MS), PUSH_WORKERS: String(WORKERS), PUSH_INTERVAL_SECONDS: '3600', ...env,
  });
  let due = 0;
  let released = 0;
  let claims = 0;
  let inFlight = 0;
  let mostInFlight = 0;
  // How long the next send takes (a slow receiver), else 5 ms.
  let nextSendMs = 5;
  const deliver = {
    async execute(onClaimed?: () => void): Promise<PushDeliveryStatus | null> {
      claims++;
      if (due === 0) return null;
      due--;
      onClaimed?.();
      inFlight++;
      mostInFlight = Math.max(mostInFlight, inFlight);
      const sendMs = nextSendMs;
      nextSendMs = 5;
      await sleep(sendMs); // the HTTP call
      inFlight--;
      return 'delivered';
    },
  } as unknown as DeliverPushUseCase;
  // Data pushes waiting for their release, turned into due deliveries by it.
  const releaseWaiting = async (): Promise<number> => {
    const count = released;
    due += released;
    released = 0;
    return count;
  };
  const fanOut = { releaseChallengeEvents: async () => 0, releaseDataPushes: releaseWaiting, prune: async () => undefined } as unknown as TypeOrmPushFanOut;
  const clock: Clock = { now: () => new Date() };
  const dispatcher = new PushDispatcher(config, clock, fanOut, deliver, new StriveMetrics({} as DataSource)); // the job gauges read it only when scraped
  return {
    dispatcher,
    addDue: (n: number) => (due += n),
    slowNextSend: (ms: number) => (nextSendMs = ms),
    inFlight: () => inFlight,
    release: (n: number) => (released += n),
    released: () => released,
    due: () => due,
    claims: () => claims,
    mostInFlight: () => mostInFlight,
  };
}

describe('PushDispatcher worker loops', () => {
  let w: ReturnType<typeof world>;
  beforeEach(() => (w = world()));
  afterEach(() => w.dispatcher.onApplicationShutdown());

  it('asks the database once per poll interval while nothing is due, not once per worker', async () => {
    w.dispatcher.onApplicationBootstrap();
    await sleep(10 * POLL_MS);
    // Every worker claims once at start; after that only the polling one, about ten times.
    expect(w.claims()).toBeGreaterThanOrEqual(WORKERS + 5);
    expect(w.claims()).toBeLessThanOrEqual(WORKERS + 12);
  });

  it('wakes every worker when the poll finds a delivery: a backlog is sent several at a time until none is left', async () => {
    w.dispatcher.onApplicationBootstrap();
    await sleep(POLL_MS / 2);
    w.addDue(40);
    for (let waited = 0; w.due() > 0 && waited < 3_000; waited += 10) await sleep(10);
    expect(w.due()).toBe(0);
    expect(w.mostInFlight()).toBeGreaterThan(1);
  });

  it('wakes the workers as soon as a fan-out releases deliveries, without waiting for the next poll', async () => {
    // The polling worker's next look is a minute away; data pushes are released every 100 ms.
    w = world({ JOBS_POLL_INTERVAL_MS: '60000', PUSH_INTERVAL_SECONDS: '0.1' });
    w.dispatcher.onApplicationBootstrap();
    await sleep(20);
    const claimsAtStart = w.claims();
    w.release(16);
    for (let waited = 0; w.due() + w.released() > 0 && waited < 3_000; waited += 10) await sleep(10);
    expect(w.released() + w.due()).toBe(0);
    expect(w.claims()).toBeGreaterThan(claimsAtStart);
    expect(w.mostInFlight()).toBeGreaterThan(1);
  });

  it('keeps polling while a worker is held by a slow receiver: what becomes due meanwhile is sent by another', async () => {
    w.dispatcher.onApplicationBootstrap();
    await sleep(POLL_MS / 2);
    w.slowNextSend(2_000);
    w.addDue(1);
    for (let waited = 0; w.inFlight() === 0 && waited < 3_000; waited += 5) await sleep(5);
    // Due later (a retry whose time has come): no fan-out wakes anyone, only a poll finds it.
    w.addDue(1);
    for (let waited = 0; w.due() > 0 && waited < 1_000; waited += 5) await sleep(5);
    expect(w.due()).toBe(0);
    expect(w.inFlight()).toBeGreaterThanOrEqual(1); // the slow one is still being sent
  });

  it('stops every loop on shutdown, waiting ones included', async () => {
    w.dispatcher.onApplicationBootstrap();
    await sleep(2 * POLL_MS);
    await w.dispatcher.onApplicationShutdown();
    const claims = w.claims();
    await sleep(3 * POLL_MS);
    expect(w.claims()).toBe(claims);
  });
});

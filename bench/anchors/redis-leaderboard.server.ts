/**
 * Anchor of bench/leaderboard.bench.ts: the same leaderboard answer as Strive's leaderboard/ (a
 * page of the ranking with names and scores, the member count, the requester's rank and score)
 * from a Redis sorted set behind a plain node:http server. Per request: the bearer mapped to its
 * profile in memory (as Strive's bearer cache does), then one pipelined round trip of ZCARD,
 * ZREVRANGE ... WITHSCORES, ZREVRANK and ZSCORE; names from memory (as Strive's cache keeps them).
 *
 * Started by the bench as its own process:
 *   ANCHOR_PORT=... ANCHOR_KEY=... ANCHOR_PEOPLE=/path/people.json node -r ts-node/register/transpile-only this file
 * people.json: [[bearer, profileId, name], ...]; the bench fills the sorted set before it starts.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import Redis from 'ioredis';

const port = Number(process.env.ANCHOR_PORT);
const key = String(process.env.ANCHOR_KEY);
const people: [string, string, string][] = JSON.parse(readFileSync(String(process.env.ANCHOR_PEOPLE), 'utf8'));
const profileOf = new Map(people.map(([bearer, profileId]) => [bearer, profileId]));
const nameOf = new Map(people.map(([, profileId, name]) => [profileId, name]));
const redis = new Redis({ host: '127.0.0.1', port: 6379 });

createServer(async (request, response) => {
  const profileId = profileOf.get((request.headers.authorization ?? '').slice('Bearer '.length));
  if (!profileId) {
    response.writeHead(401).end();
    return;
  }
  const query = new URL(request.url ?? '/', 'http://anchor').searchParams;
  const limit = Number(query.get('limit') ?? 20);
  const offset = Number(query.get('offset') ?? 0);
  const answers = await redis
    .pipeline()
    .zcard(key)
    .zrevrange(key, offset, offset + limit - 1, 'WITHSCORES')
    .zrevrank(key, profileId)
    .zscore(key, profileId)
    .exec();
  const [count, page, rank, score] = (answers ?? []).map(([, value]) => value) as [number, string[], number | null, string | null];
  const results = [];
  for (let i = 0; i < page.length; i += 2) {
    results.push({ rank: offset + i / 2 + 1, profile: { public_id: page[i], name: nameOf.get(page[i]) }, score: Number(page[i + 1]) });
  }
  const requester = rank === null ? null : { rank: rank + 1, profile: { public_id: profileId, name: nameOf.get(profileId) }, score: Number(score) };
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ count, results, requester }));
}).listen(port, '127.0.0.1', () => process.send?.('ready'));

/**
 * Anchor of bench/leaderboard.bench.ts: a bare node:http server sending one precomputed answer
 * (Strive's own leaderboard page, read once by the bench) to every request: the ceiling of
 * Node's HTTP layer on this machine.
 *
 *   ANCHOR_PORT=... ANCHOR_BODY=/path/body.json node -r ts-node/register/transpile-only this file
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const body = readFileSync(String(process.env.ANCHOR_BODY));
createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length }).end(body);
}).listen(Number(process.env.ANCHOR_PORT), '127.0.0.1', () => process.send?.('ready'));

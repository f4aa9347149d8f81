/**
 * Anchor of bench/ingest.bench.ts: a bare node:http server that takes the body Strive's
 * `POST profile/{id}/data/` takes and writes its daily summaries with the raw anchor's statement
 * (one multi-row INSERT, bench/support/record-insert.ts) into `ANCHOR_TABLE`: what any HTTP
 * ingestion costs on this machine at the least (the request, its JSON, one INSERT committed on its
 * own), without validation, upsert semantics, the points ledger or scoring.
 *
 *   ANCHOR_PORT=... ANCHOR_DATABASE_URL=... ANCHOR_TABLE=... ANCHOR_APP_ID=... node -r ts-node/register/transpile-only this file
 */
import { createServer } from 'node:http';
import { Client } from 'pg';
import { primeAllocator } from '../support/prime-allocator';
import { recordInsert, RecordRow } from '../support/record-insert';

const PROFILE = /^\/api\/v1\/profile\/([0-9a-f-]{36})\/data\/?$/;

async function main(): Promise<void> {
  const db = new Client({ connectionString: process.env.ANCHOR_DATABASE_URL });
  await db.connect();
  await primeAllocator(db);
  const table = String(process.env.ANCHOR_TABLE);
  const appId = String(process.env.ANCHOR_APP_ID);
  createServer((request, response) => {
    const profileId = PROFILE.exec(request.url ?? '')?.[1];
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => {
      const upload = JSON.parse(text) as { source: string; daily_summary: ({ external_id: string; date: string } & Record<string, unknown>)[] };
      const rows: RecordRow[] = upload.daily_summary.map(({ external_id, ...data }) => ({
        profile_id: profileId, type: 'daily_summary', subtype: '', source: upload.source, external_id,
        time: `${data.date}T00:00:00Z`, end_time: null, data: JSON.stringify(data),
      }));
      const { text: sql, values } = recordInsert(table, appId, rows);
      db.query(sql, values).then(
        () => response.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ daily_summary: { created: rows.length } })),
        (error: Error) => response.writeHead(500).end(error.message),
      );
    });
  }).listen(Number(process.env.ANCHOR_PORT), '127.0.0.1', () => process.send?.('ready'));
  // An exit of its own on the bench's SIGTERM, so that --cpu-prof writes its profile.
  process.once('SIGTERM', () => process.exit(0));
}

void main();

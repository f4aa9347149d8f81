import { FixedClock } from '@strive/domain/testing';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import { join } from 'node:path';
import { basic, createClientApp, startTestApp, TestApp } from './support/test-app';

const GUIDE = join(__dirname, '../../../docs/api-guide.md');
const UPDATE = process.env.UPDATE_API_GUIDE === 'true';

type Auth = 'basic' | 'admin' | 'profile' | 'other-profile' | 'none';
interface Example {
  name: string;
  method: string;
  path: string;
  auth: Auth;
  body?: unknown;
  status: number;
  contentType: string;
  headers: Record<string, string>;
  answer: string;
}

/**
 * The request and answer examples of docs/api-guide.md are the answers of the running API: this
 * suite sends each request (on a fixed clock, with the public base URL https://api.example.com),
 * writes ids and secrets as stable stand-ins, renders each exchange and compares it with the
 * guide's `<!-- example:name -->` block. `npm run api-guide` rewrites the blocks after a change.
 */
describe('docs/api-guide.md examples', () => {
  let test: TestApp;
  const clock = new FixedClock('2026-03-04T09:00:00Z');
  const examples: Example[] = [];
  const bearers: Record<'admin' | 'profile' | 'other-profile', string> = { admin: '', profile: '', 'other-profile': '' };
  let basicAuth = '';
  const secrets: string[] = [];

  beforeAll(async () => {
    test = await startTestApp({
      clock,
      env: {
        PUBLIC_BASE_URL: 'https://api.example.com',
        // A Strava application as a deployment configures it: connect URLs point at strava.com (nothing is
        // called before the person consents); a fixed key makes the signed widget tickets repeatable.
        STRAVA_CLIENT_ID: '12345', STRAVA_CLIENT_SECRET: 'strava-client-secret', VENDOR_SANDBOX: 'off',
        CONNECTION_TOKEN_KEY: Buffer.alloc(32, 7).toString('base64'),
        // hooks.example.com does not resolve on a test machine; the target checks have their own tests.
        PUSH_ALLOW_PRIVATE_TARGETS: 'true',
      },
    });
  });
  afterAll(() => test.close());

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers read by the scenario
  const call = async (name: string, method: string, path: string, auth: Auth, body?: unknown, showHeaders: string[] = []): Promise<any> => {
    clock.advance(1000);
    let request = test.http[method.toLowerCase() as 'get'](path);
    if (auth === 'basic') request = request.set('Authorization', basicAuth);
    else if (auth !== 'none') request = request.set('Authorization', `Bearer ${bearers[auth]}`);
    if (body !== undefined) request = request.send(body as object);
    const response = await request;
    const headers: Record<string, string> = {};
    for (const header of showHeaders) if (response.headers[header] !== undefined) headers[header] = response.headers[header];
    examples.push({
      name, method, path, auth, body, status: response.status, headers,
      contentType: String(response.headers['content-type'] ?? '').split(';')[0],
      answer: response.text ?? '',
    });
    return response.status === 204 ? null : response.body;
  };

  it('renders every example of the guide from real answers', async () => {
    const credentials = await createClientApp(test, 'Acme Wellness');
    basicAuth = basic(credentials);
    secrets.push(credentials.clientId, credentials.clientSecret);

    await call('health', 'GET', '/health', 'none');

    // Authentication
    const token = await call('token', 'POST', '/api/v1/token/', 'basic');
    bearers.admin = token.access_token;
    secrets.push(token.access_token);

    // Points definitions (app level)
    await call('points-put', 'PUT', '/api/v1/app/points/', 'admin', {
      daily: { per_1000_steps: 1, per_kilometre: 0, per_kcal: 0, per_active_minute: 0, max_per_day: 20 },
      activities: [{ activity_type: 'RUNNING', per_workout: 5, per_kilometre: 1, per_minute: 0, per_kcal: 0, min_duration_seconds: 600, max_per_workout: null }],
      other_activities: null,
    });
    await test.runJobs();
    await call('points-get', 'GET', '/api/v1/app/points/', 'admin');

    // Profiles
    const ann = await call('profile-create', 'POST', '/api/v1/profile/', 'admin', { name: 'Ann Runner', gender: 'female', reference: 'crm-1042' });
    bearers.profile = ann.bearer;
    secrets.push(ann.bearer);
    const ben = await test.http.post('/api/v1/profile/').set('Authorization', `Bearer ${bearers.admin}`).send({ name: 'Ben Walker', reference: 'crm-1043' });
    bearers['other-profile'] = ben.body.bearer;
    secrets.push(ben.body.bearer);
    await call('profile-get', 'GET', `/api/v1/profile/${ann.public_id}/`, 'profile');
    await call('profile-patch', 'PATCH', `/api/v1/profile/${ann.public_id}/`, 'profile', { name: 'Ann R. Runner' });
    await call('profile-list', 'GET', '/api/v1/profile/?search=runner&ordering=-created&limit=20', 'admin');

    // Teams
    const team = await call('team-create', 'POST', '/api/v1/team/', 'admin', { name: 'Blue' });
    await call('team-member-add', 'POST', `/api/v1/team/${team.public_id}/member/`, 'admin', { profile: ann.public_id });
    await call('team-members-add', 'POST', `/api/v1/team/${team.public_id}/members/`, 'admin', { profiles: [ben.body.public_id] });
    await call('team-get', 'GET', `/api/v1/team/${team.public_id}/`, 'admin');
    await call('team-list', 'GET', '/api/v1/team/?limit=10', 'profile');

    // Challenges
    const challenge = await call('challenge-create', 'POST', '/api/v1/challenge/', 'admin', {
      title: '10,000 steps a day', slogan: 'Every step counts', start: '2026-03-02T00:00:00Z', end: '2026-03-16T00:00:00Z',
      type: 'INDIVIDUAL', goal: 'DAILY', goal_value: 10000, goal_type: 'STEPS', enrollment_method: 'MANUAL', repetition: 'STREAK',
    });
    await call('challenge-join', 'POST', `/api/v1/challenge/${challenge.public_id}/member/`, 'profile', { profile: ann.public_id });
    await call('challenge-patch', 'PATCH', `/api/v1/challenge/${challenge.public_id}/`, 'admin', { description: 'Walk 10,000 steps every day for two weeks.' });
    await call('challenge-members-add', 'POST', `/api/v1/challenge/${challenge.public_id}/members/`, 'admin', { profiles: [ben.body.public_id] });
    const teamChallenge = await call('challenge-create-team', 'POST', '/api/v1/challenge/', 'admin', {
      title: 'Team distance', start: '2026-03-01T00:00:00Z', end: '2026-04-01T00:00:00Z', type: 'TEAM', goal: 'TOTAL',
      goal_value: 100000, goal_type: 'DISTANCE', enrollment_method: 'MANUAL',
    });
    await test.http.post(`/api/v1/challenge/${teamChallenge.public_id}/members/`).set('Authorization', `Bearer ${bearers.admin}`)
      .send({ profiles: [ann.public_id, ben.body.public_id], team: team.public_id }).expect(201);

    // Data
    await call('data-upload', 'POST', `/api/v1/profile/${ann.public_id}/data/`, 'profile', {
      source: 'GARMIN',
      daily_summary: [
        { external_id: 'garmin-ds-2026-03-02', date: '2026-03-02', distance: 8420, steps: 11230, calories: 2310 },
        { external_id: 'garmin-ds-2026-03-03', date: '2026-03-03', distance: 9100, steps: 12050, calories: 2400 },
        { external_id: 'garmin-ds-2026-03-04', date: '2026-03-04', distance: 3200, steps: 4100, calories: 900 },
      ],
      workout: [
        { external_id: 'garmin-w-991', timestamp: '2026-03-03T06:30:00Z', duration: '00:42:10.000000', type: 'RUNNING', distance: 7600, steps: 7100, calories: 520, is_manual: false },
      ],
    });
    await test.http.post(`/api/v1/profile/${ben.body.public_id}/data/`).set('Authorization', `Bearer ${bearers.admin}`).send({
      source: 'FITBIT',
      daily_summary: [
        { external_id: 'fitbit-2026-03-02', date: '2026-03-02', distance: 6100, steps: 8050, calories: 2000 },
        { external_id: 'fitbit-2026-03-03', date: '2026-03-03', distance: 7900, steps: 10400, calories: 2150 },
        { external_id: 'fitbit-2026-03-04', date: '2026-03-04', distance: 4000, steps: 5200, calories: 1100 },
      ],
    }).expect(201);
    await call('daily-summary-page', 'GET', `/api/v1/profile/${ann.public_id}/daily_summary/?date_start=2026-03-01T00:00:00Z&page_size=2`, 'profile', undefined, ['api-results-next', 'api-results-previous']);
    await call('workout-list', 'GET', `/api/v1/profile/${ann.public_id}/workout/`, 'profile');

    // Events (points)
    await call('event-create', 'POST', `/api/v1/profile/${ann.public_id}/event/`, 'admin', { name: 'Completed onboarding quiz', points: 25, reference: 'quiz-2026-03' });
    await call('event-list', 'GET', `/api/v1/profile/${ann.public_id}/event/`, 'profile');

    // Gamification reads, once the scoring worker has scored the uploads (moments after them)
    await test.runScoring();
    await call('challenge-get', 'GET', `/api/v1/challenge/${challenge.public_id}/`, 'profile');
    await call('challenge-list', 'GET', '/api/v1/challenge/?limit=1', 'admin');
    await call('challenge-periods', 'GET', `/api/v1/challenge/${challenge.public_id}/periods/`, 'admin');
    await call('leaderboard', 'GET', `/api/v1/challenge/${challenge.public_id}/leaderboard/?date_range=1`, 'profile');
    await call('leaderboard-history', 'GET', `/api/v1/challenge/${challenge.public_id}/leaderboard_history/`, 'profile');
    await call('team-leaderboard', 'GET', `/api/v1/challenge/${teamChallenge.public_id}/team/`, 'admin');
    await call('team-contribution', 'GET', `/api/v1/challenge/${teamChallenge.public_id}/team/${team.public_id}/`, 'profile');
    await call('challenge-members', 'GET', `/api/v1/challenge/${challenge.public_id}/members/?limit=10`, 'admin');
    await call('profile-challenges', 'GET', `/api/v1/profile/${ann.public_id}/challenges/`, 'profile');
    await call('app-totals', 'GET', '/api/v1/app/totals/', 'admin');
    await call('profile-points', 'GET', `/api/v1/profile/${ann.public_id}/`, 'profile');

    // Insights and loyalty
    await call('bio-age', 'GET', '/api/v1/insights/bio_age?start_date=2026-03-02&end_date=2026-03-08', 'profile');
    await call('shop-put', 'PUT', '/api/v1/app/shop/', 'admin', { url_template: 'https://shop.example.com/cart?items={items}&ref={profile}' });
    await call('product-create', 'POST', '/api/v1/app/products/', 'admin', {
      name: 'Trail socks', description: 'Merino socks for long runs.', price: 14.9, currency: 'EUR', sku: 'SOCK-TRAIL-42',
      rules: { min_total_points: 20, activity_types: ['RUNNING'] },
    });
    await call('recommended-products', 'GET', '/api/v1/loyalty/get_recommended_products?limit=10', 'profile');
    await call('shopping-cart', 'GET', '/api/v1/loyalty/get_shoppingcart_link', 'profile');
    await call('activity-types', 'GET', '/api/v1/activity_types/', 'profile');

    // Connections (wearables)
    await call('connection-connect', 'POST', '/api/v1/connection/strava/connect/', 'profile', { profile: ann.public_id, redirect: 'https://app.example.com/connected' });
    await call('connections-list', 'GET', `/api/v1/profile/${ann.public_id}/connections/?redirect=https://app.example.com/connected`, 'profile');
    await call('connection-widget', 'GET', `/api/v1/profile/${ann.public_id}/connection_widget/`, 'profile');

    // Webhooks (push endpoints)
    const endpoint = await call('push-endpoint-create', 'POST', '/api/v1/app/push_endpoints/', 'admin', { data_type: 'challenge', url: 'https://hooks.example.com/strive/challenges' });
    secrets.push(endpoint.secret.slice('whsec_'.length)); // the stand-in keeps the whsec_ prefix
    await call('push-endpoint-list', 'GET', '/api/v1/app/push_endpoints/', 'admin');
    const rotated = await call('push-endpoint-rotate', 'POST', `/api/v1/app/push_endpoints/${endpoint.id}/rotate_secret/`, 'admin');
    secrets.push(rotated.secret.slice('whsec_'.length));

    // Devices and notifications
    await call('device-register', 'POST', `/api/v1/profile/${ann.public_id}/devices/`, 'profile', { token: 'fcm-token-of-anns-phone', platform: 'android' });
    const notification = await call('notification-send-to-all', 'POST', '/api/v1/notification/send_to_all/', 'admin', { title: 'Week 2 starts today', body: 'Keep your streak going!' });
    await test.runJobs();
    await call('notification-get', 'GET', `/api/v1/notification/${notification.public_id}/`, 'admin');

    // Refusals
    await call('error-validation', 'POST', '/api/v1/profile/', 'admin', { name: '', nickname: 'Annie' });
    await call('error-unauthorized', 'GET', '/api/v1/challenge/', 'none');
    await call('error-forbidden', 'POST', '/api/v1/profile/', 'profile', { name: 'Eve' });
    await call('error-other-profile', 'GET', `/api/v1/profile/${ann.public_id}/daily_summary/`, 'other-profile');
    await call('error-not-found', 'GET', '/api/v1/challenge/7d3c1a52-0e4f-4b8e-9a43-000000000000/', 'admin');

    // Deactivation, leaving, deletes
    await call('challenge-deactivate-member', 'POST', `/api/v1/challenge/${challenge.public_id}/deactivate_member/`, 'admin', { profile: ben.body.public_id, is_active: false });
    await call('challenge-leave', 'DELETE', `/api/v1/challenge/${challenge.public_id}/member/?profile=${ben.body.public_id}`, 'admin');
    await call('profile-delete', 'DELETE', `/api/v1/profile/${ben.body.public_id}/`, 'admin');
    await call('challenge-delete', 'DELETE', `/api/v1/challenge/${teamChallenge.public_id}/`, 'admin');

    const rendered = renderGuide(readFileSync(GUIDE, 'utf8'), examples.map((example) => [example.name, renderExample(normalise(example, secrets))]));
    if (UPDATE) writeFileSync(GUIDE, rendered.text);
    expect(rendered.missing).toEqual([]);
    expect(rendered.unused).toEqual([]);
    if (rendered.text !== readFileSync(GUIDE, 'utf8')) {
      throw new Error('docs/api-guide.md shows examples the API no longer answers: run `npm run api-guide` and review the diff.');
    }
  });
});

/** A stable, realistic-looking stand-in for each id and secret, by order of first appearance. */
function normalise(example: Example, secrets: string[]): Example {
  const text = JSON.stringify(example);
  return JSON.parse(standIns(text, secrets));
}

const seen = new Map<string, string>();
function standIns(text: string, secrets: string[]): string {
  const fake = (value: string, kind: string) => {
    if (!seen.has(value)) {
      const digest = createHash('sha256').update(`${kind}:${seen.size}`).digest();
      seen.set(value, kind === 'uuid'
        ? [digest.toString('hex', 0, 4), digest.toString('hex', 4, 6), `4${digest.toString('hex', 6, 8).slice(1)}`,
            `a${digest.toString('hex', 8, 10).slice(1)}`, digest.toString('hex', 10, 16)].join('-')
        : digest.toString('base64url').slice(0, value.length));
    }
    return seen.get(value) as string;
  };
  let out = text.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (uuid) => fake(uuid, 'uuid'));
  for (const secret of secrets) out = out.split(secret).join(fake(secret, 'secret'));
  // Cursors, OAuth states, PKCE challenges and signed tickets are opaque and differ on every run: placeholders.
  return out
    .replace(/cursor=[^&"\\]+/g, 'cursor=<cursor>')
    .replace(/ticket=[^&"\\]+/g, 'ticket=<ticket>')
    .replace(/([?&](?:amp;)?state=)[^&"\\]+/g, '$1<state>')
    .replace(/(code_challenge=)[^&"\\]+/g, '$1<code_challenge>');
}

const AUTH_HEADER: Record<Auth, string | null> = {
  basic: 'Authorization: Basic <base64 of client_id:client_secret>',
  admin: 'Authorization: Bearer <administrator bearer>',
  profile: 'Authorization: Bearer <profile bearer>',
  'other-profile': "Authorization: Bearer <another profile's bearer>",
  none: null,
};

function renderExample(example: Example): string {
  const request = [`${example.method} ${example.path} HTTP/1.1`, 'Host: api.example.com', AUTH_HEADER[example.auth]];
  if (example.body !== undefined) request.push('Content-Type: application/json', '', JSON.stringify(example.body, null, 2));
  const response = [`HTTP/1.1 ${example.status} ${STATUS_CODES[example.status]}`];
  if (example.contentType) response.push(`Content-Type: ${example.contentType}`);
  for (const [name, value] of Object.entries(example.headers)) response.push(`${name}: ${value}`);
  if (example.answer) response.push('', JSON.stringify(JSON.parse(example.answer), null, 2));
  return ['```http', ...request.filter((line) => line !== null), '```', '', '```http', ...response, '```'].join('\n');
}

function renderGuide(guide: string, examples: [string, string][]): { text: string; missing: string[]; unused: string[] } {
  const byName = new Map(examples);
  const used = new Set<string>();
  const missing: string[] = [];
  const text = guide.replace(/<!-- example:([a-z0-9-]+) -->\n[\s\S]*?<!-- \/example -->/g, (_block, name: string) => {
    const body = byName.get(name);
    if (body === undefined) {
      missing.push(name);
      return _block;
    }
    used.add(name);
    return `<!-- example:${name} -->\n${body}\n<!-- /example -->`;
  });
  return { text, missing, unused: [...byName.keys()].filter((name) => !used.has(name)) };
}

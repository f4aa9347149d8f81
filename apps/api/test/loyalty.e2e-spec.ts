import { FixedClock } from '@strive/domain/testing';
import {
  adminBearer, bearerAuth, createClientApp, CreatedTestProfile, createProfile, databaseSnapshot, startTestApp, stepsChallengeBody, TestApp,
} from './support/test-app';

/** The loyalty catalogue, recommendations and cart links over HTTP (issue 13, items 2 and 6; docs/loyalty.md). */
describe('loyalty', () => {
  const clock = new FixedClock('2026-03-10T12:00:00Z');
  let test: TestApp;
  let admin: string;
  let ann: CreatedTestProfile;
  let bob: CreatedTestProfile;
  const auth = bearerAuth;
  const products = '/api/v1/app/products/';
  const product = async (body: Record<string, unknown>) => (await test.http.post(products).set(auth(admin)).send(body).expect(201)).body;
  const base = { price: 5, currency: 'EUR' };

  beforeAll(async () => {
    test = await startTestApp({ clock });
    admin = await adminBearer(test, await createClientApp(test, 'Club'));
    ann = await createProfile(test, admin, { name: 'Ann' });
    bob = await createProfile(test, admin, { name: 'Bob' });
  });
  afterAll(() => test.close());

  it('creates, reads, lists, changes and deletes products (administrator only)', async () => {
    const socks = await product({
      name: 'Trail socks', description: 'Merino.', price: 14.9, currency: 'EUR', image_url: 'https://shop.example.com/socks.png', sku: 'SOCK-1',
      rules: { min_total_points: 500, activity_types: ['RUNNING'] },
    });
    expect(socks).toEqual({
      url: `${test.baseUrl}/api/v1/app/products/${socks.id}/`, id: socks.id, name: 'Trail socks', description: 'Merino.', price: 14.9, currency: 'EUR',
      image_url: 'https://shop.example.com/socks.png', sku: 'SOCK-1', active: true,
      rules: { min_total_points: 500, activity_types: ['RUNNING'], challenge_id: null }, created_at: '2026-03-10T12:00:00.000Z',
    });
    clock.advance(1000);
    const bottle = await product({ ...base, name: 'Bottle', sku: 'BOTTLE-1' });
    expect(bottle).toMatchObject({ description: '', image_url: null, active: true, rules: { min_total_points: 0, activity_types: [], challenge_id: null } });

    expect((await test.http.get(`${products}?limit=1`).set(auth(admin)).expect(200)).body).toEqual({
      count: 2, next: `${test.baseUrl}/api/v1/app/products/?limit=1&offset=1`, previous: null, results: [socks],
    });
    expect((await test.http.get(`${products}${bottle.id}/`).set(auth(admin)).expect(200)).body).toEqual(bottle);

    const patched = await test.http.patch(`${products}${socks.id}/`).set(auth(admin)).send({ price: 12, rules: { min_total_points: 400 } }).expect(200);
    expect(patched.body).toEqual({ ...socks, price: 12, rules: { ...socks.rules, min_total_points: 400 } });
    await test.http.delete(`${products}${bottle.id}/`).set(auth(admin)).expect(204);
    await test.http.get(`${products}${bottle.id}/`).set(auth(admin)).expect(404);
    await test.http.delete(`${products}${bottle.id}/`).set(auth(admin)).expect(404);

    // A profile bearer cannot manage the catalogue; another app does not see it.
    await test.http.get(products).set(auth(ann.bearer)).expect(403);
    await test.http.post(products).set(auth(ann.bearer)).send({ ...base, name: 'x', sku: 'X' }).expect(403);
    await test.http.patch(`${products}${socks.id}/`).set(auth(ann.bearer)).send({ price: 1 }).expect(403);
    const other = await adminBearer(test, await createClientApp(test, 'Other'));
    await test.http.get(`${products}${socks.id}/`).set(auth(other)).expect(404);
    await test.http.patch(`${products}${socks.id}/`).set(auth(other)).send({ price: 1 }).expect(404);
    await test.http.delete(`${products}${socks.id}/`).set(auth(other)).expect(404);
    expect((await test.http.get(products).set(auth(other)).expect(200)).body.count).toBe(0);
    await test.http.delete(`${products}${socks.id}/`).set(auth(admin)).expect(204);
  });

  it('refuses unknown fields and every value out of bounds, and changes nothing', async () => {
    const kept = await product({ ...base, name: 'Kept', sku: 'KEPT-1' });
    const otherAdmin = await adminBearer(test, await createClientApp(test, 'Elsewhere'));
    const foreignChallenge = (await test.http.post('/api/v1/challenge/').set(auth(otherAdmin)).send(stepsChallengeBody()).expect(201)).body.public_id;
    const before = await databaseSnapshot(test);
    const good = { ...base, name: 'Cap', sku: 'CAP-1' };
    const refusedCreates: [Record<string, unknown>, string][] = [
      [{ ...good, colour: 'red' }, 'colour'],
      [{ ...good, name: '' }, 'name'],
      [{ ...good, name: 'x'.repeat(201) }, 'name'],
      [{ ...good, price: -1 }, 'price'],
      [{ ...good, price: 1_000_001 }, 'price'],
      [{ ...good, price: 1.234 }, 'price'],
      [{ ...good, price: '5' }, 'price'],
      [{ ...good, currency: 'eur' }, 'currency'],
      [{ ...good, sku: 'has space' }, 'sku'],
      [{ ...good, image_url: 'javascript:alert(1)' }, 'image_url'],
      [{ ...good, active: 'yes' }, 'active'],
      [{ ...good, description: null }, 'description'],
      [{ ...good, rules: { min_total_points: 1e10 } }, 'rules.min_total_points'],
      [{ ...good, rules: { activity_types: Array.from({ length: 21 }, (_, i) => `TYPE_${i}`) } }, 'rules.activity_types'],
      [{ ...good, rules: { activity_types: ['running'] } }, 'rules.activity_types'],
      [{ ...good, rules: { points: 3 } }, 'rules.points'],
      [{ ...good, rules: { challenge_id: 'nope' } }, 'rules.challenge_id'],
      [{ ...good, rules: { challenge_id: foreignChallenge } }, 'rules.challenge_id'],
    ];
    for (const [body, field] of refusedCreates) {
      const answer = await test.http.post(products).set(auth(admin)).send(body);
      expect([answer.status, field]).toEqual([400, field]);
      expect(answer.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    for (const body of [{ name: null }, { rules: null }, { active: null }, { price: 2e6 }, { sku: '' }, { id: kept.id }, { rules: { challenge_id: foreignChallenge } }]) {
      await test.http.patch(`${products}${kept.id}/`).set(auth(admin)).send(body).expect(400);
    }
    await test.http.get(`${products}?limit=101`).set(auth(admin)).expect(400);
    await test.http.get(`${products}?offset=-1`).set(auth(admin)).expect(400);
    await test.http.get(`${products}not-a-uuid/`).set(auth(admin)).expect(400);
    expect(await databaseSnapshot(test)).toEqual(before);
    await test.http.delete(`${products}${kept.id}/`).set(auth(admin)).expect(204);
  });

  it('ranks the products whose rules the profile meets, and builds the cart link from the shop template', async () => {
    // Ann: 600 points (an event), two runs in the last 30 days, the goal of a challenge reached. Bob: nothing.
    await test.http.post(`/api/v1/profile/${ann.publicId}/event/`).set(auth(admin)).send({ name: 'Quiz', points: 600 }).expect(201);
    const run = (i: number) => ({ external_id: `run-${i}`, timestamp: `2026-03-0${i}T07:00:00Z`, duration: '00:30:00', type: 'RUNNING', distance: 5000 });
    await test.http.post(`/api/v1/profile/${ann.publicId}/data/`).set(auth(admin)).send({ source: 'GARMIN', workout: [run(3), run(5)] }).expect(201);
    const challenge = (await test.http.post('/api/v1/challenge/').set(auth(admin)).send(stepsChallengeBody()).expect(201)).body.public_id;
    await test.http.post(`/api/v1/challenge/${challenge}/member/`).set(auth(ann.bearer)).send({ profile: ann.publicId }).expect(201);
    await test.http.post(`/api/v1/profile/${ann.publicId}/data/`).set(auth(admin)).send({
      source: 'GARMIN', daily_summary: [{ external_id: 'd1', date: '2026-03-04', distance: 0, steps: 12000, calories: 0 }],
    }).expect(201);
    await test.runScoring(); // the challenge's goal, scored moments after the upload

    const socks = await product({ name: 'Socks', price: 14.9, currency: 'EUR', sku: 'SOCK-1', rules: { min_total_points: 500, activity_types: ['RUNNING', 'WALKING'] } });
    const bottle = await product({ ...base, name: 'Bottle', sku: 'BOTTLE-1' });
    const medal = await product({ ...base, name: 'Medal', sku: 'MEDAL:GOLD', rules: { challenge_id: challenge } });
    await product({ ...base, name: 'Cap', sku: 'CAP-1', rules: { min_total_points: 1000 } });
    await product({ ...base, name: 'Towel', sku: 'TOWEL-1', active: false });
    await product({ ...base, name: 'Band', sku: 'BAND-1', rules: { activity_types: ['CYCLING'] } });

    // Socks: points 10 + activity 20 + 2 runs * 10 = 50; Medal: challenge goal 30; Bottle: no rules, 0.
    // Cap (1,000 points), Towel (inactive) and Band (no cycling) are not offered.
    const all = (await test.http.get('/api/v1/loyalty/get_recommended_products').set(auth(ann.bearer)).expect(200)).body;
    expect(all.count).toBe(3);
    expect(all.results.map((r: { name: string; score: number; reasons: string[] }) => [r.name, r.score, r.reasons])).toEqual([
      ['Socks', 50, ['points', 'activity']], ['Medal', 30, ['challenge_goal']], ['Bottle', 0, []],
    ]);
    expect(all.results[0]).toEqual({ ...socks, score: 50, reasons: ['points', 'activity'] });
    const page = (await test.http.get('/api/v1/loyalty/get_recommended_products?limit=1&offset=1').set(auth(ann.bearer)).expect(200)).body;
    expect(page).toEqual({
      count: 3,
      next: `${test.baseUrl}/api/v1/loyalty/get_recommended_products?limit=1&offset=2`,
      previous: `${test.baseUrl}/api/v1/loyalty/get_recommended_products?limit=1`,
      results: [{ ...medal, score: 30, reasons: ['challenge_goal'] }],
    });
    expect((await test.http.get('/api/v1/loyalty/get_recommended_products').set(auth(bob.bearer)).expect(200)).body.results.map((r: { id: string }) => r.id))
      .toEqual([bottle.id]);

    // No template yet: 409, and the administrator sees null.
    const noShop = await test.http.get('/api/v1/loyalty/get_shoppingcart_link').set(auth(ann.bearer)).expect(409);
    expect(noShop.body.type).toBe('urn:strive:problem:loyalty.shop_not_configured');
    expect((await test.http.get('/api/v1/app/shop/').set(auth(admin)).expect(200)).body).toEqual({ url_template: null });

    const before = await databaseSnapshot(test);
    for (const template of [
      'http://shop.example.com/cart?items={items}', 'https://shop.example.com/cart?items={items}&user={user}', 'https://shop.example.com/cart',
      'https://{profile}.example.com/cart?items={items}', 'https://me:secret@shop.example.com/cart?items={items}', 'not a url {items}',
      'https://shop.example.com/cart?items={items}}', `https://shop.example.com/${'a'.repeat(2000)}?items={items}`,
    ]) {
      const answer = await test.http.put('/api/v1/app/shop/').set(auth(admin)).send({ url_template: template }).expect(400);
      expect(answer.body.errors.map((e: { field: string }) => e.field)).toEqual(['url_template']);
    }
    await test.http.put('/api/v1/app/shop/').set(auth(admin)).send({ url_template: 'https://shop.example.com/c?items={items}', extra: 1 }).expect(400);
    await test.http.put('/api/v1/app/shop/').set(auth(ann.bearer)).send({ url_template: 'https://shop.example.com/c?items={items}' }).expect(403);
    expect(await databaseSnapshot(test)).toEqual(before);

    const template = 'https://shop.example.com/cart?items={items}&ref={profile}&n={count}';
    expect((await test.http.put('/api/v1/app/shop/').set(auth(admin)).send({ url_template: template }).expect(200)).body).toEqual({ url_template: template });
    const cart = (await test.http.get('/api/v1/loyalty/get_shoppingcart_link').set(auth(ann.bearer)).expect(200)).body;
    // "SOCK-1,MEDAL:GOLD,BOTTLE-1" URL-encoded: the comma is %2C, the colon %3A.
    expect(cart).toEqual({
      url: `https://shop.example.com/cart?items=SOCK-1%2CMEDAL%3AGOLD%2CBOTTLE-1&ref=${ann.publicId}&n=3`,
      items: [socks, medal, bottle].map((p) => ({ id: p.id, sku: p.sku, name: p.name, price: p.price, currency: p.currency })),
      count: 3,
    });
    // Another app's profile sees its own (empty) catalogue, and its app has no shop.
    const other = await adminBearer(test, await createClientApp(test, 'Third'));
    const carl = await createProfile(test, other, { name: 'Carl' });
    expect((await test.http.get('/api/v1/loyalty/get_recommended_products').set(auth(carl.bearer)).expect(200)).body.count).toBe(0);
    await test.http.get('/api/v1/loyalty/get_shoppingcart_link').set(auth(carl.bearer)).expect(409);
  });

  it('needs a profile bearer for recommendations and cart links, and refuses unknown parameters', async () => {
    await test.http.get('/api/v1/loyalty/get_recommended_products').expect(401);
    await test.http.get('/api/v1/loyalty/get_recommended_products').set(auth(admin)).expect(403);
    await test.http.get('/api/v1/loyalty/get_shoppingcart_link').set(auth(admin)).expect(403);
    await test.http.get('/api/v1/loyalty/get_recommended_products?limit=0').set(auth(ann.bearer)).expect(400);
    await test.http.get('/api/v1/loyalty/get_recommended_products?sort=price').set(auth(ann.bearer)).expect(400);
    await test.http.get('/api/v1/loyalty/get_shoppingcart_link?items=x').set(auth(ann.bearer)).expect(400);
  });
});

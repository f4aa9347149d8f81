import { adminBearer, bearerAuth, createClientApp, createProfile, startTestApp, TestApp } from './support/test-app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('profiles', () => {
  let test: TestApp;
  let admin: string;

  beforeAll(async () => {
    // The hosts these tests send in Host headers; any other host never reaches a url (TRUSTED_HOSTS).
    test = await startTestApp({ env: { TRUSTED_HOSTS: 'localhost,127.0.0.1,api.example.com,h.test' } });
    admin = await adminBearer(test, await createClientApp(test, 'Insurer'));
  });
  afterAll(() => test.close());

  const auth = bearerAuth;

  it('creates a profile and shows its bearer only in the creation response', async () => {
    const response = await test.http
      .post('/api/v1/profile/')
      .set(auth(admin))
      .set('Host', 'api.example.com')
      .send({ name: 'Ann Runner', gender: 'female', reference: 'crm-1' })
      .expect(201);
    const id = response.body.public_id;
    expect(id).toMatch(UUID);
    expect(response.body).toEqual({
      url: `http://api.example.com/api/v1/profile/${id}/`,
      public_id: id,
      name: 'Ann Runner',
      gender: 'female',
      team: null,
      reference: 'crm-1',
      total_points: 0,
      bearer: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    const read = await test.http.get(`/api/v1/profile/${id}/`).set(auth(response.body.bearer)).set('Host', 'api.example.com').expect(200);
    expect(read.body).not.toHaveProperty('bearer');
    expect(read.body).toEqual({ ...response.body, bearer: undefined });
  });

  it('builds absolute urls from the request host, keeping the /api/v1.1 prefix when used', async () => {
    const profile = await createProfile(test, admin);
    const v1 = await test.http.get(`/api/v1/profile/${profile.publicId}/`).set(auth(profile.bearer)).set('Host', 'api.example.com').expect(200);
    expect(v1.body.url).toBe(`http://api.example.com/api/v1/profile/${profile.publicId}/`);
    const v11 = await test.http.get(`/api/v1.1/profile/${profile.publicId}/`).set(auth(profile.bearer)).set('Host', 'api.example.com').expect(200);
    expect(v11.body.url).toBe(`http://api.example.com/api/v1.1/profile/${profile.publicId}/`);
  });

  it('defaults gender to null and reference to empty', async () => {
    const profile = await createProfile(test, admin, { name: 'Minimal' });
    expect(profile.body).toMatchObject({ name: 'Minimal', gender: null, reference: '', team: null, total_points: 0 });
  });

  it('updates with PUT and PATCH without changing public_id, team or url', async () => {
    const profile = await createProfile(test, admin, { name: 'Bob', gender: 'male', reference: 'r1' });
    const read = (await test.http.get(`/api/v1/profile/${profile.publicId}/`).set(auth(profile.bearer)).expect(200)).body;

    const put = await test.http
      .put(`/api/v1/profile/${profile.publicId}/`)
      .set(auth(profile.bearer))
      .send({ ...read, name: 'Robert', public_id: '11111111-1111-4111-8111-111111111111', team: 'someone-else', total_points: 999 })
      .expect(200);
    expect(put.body).toEqual({ ...read, name: 'Robert' });

    const patch = await test.http.patch(`/api/v1/profile/${profile.publicId}/`).set(auth(profile.bearer)).send({ gender: null }).expect(200);
    expect(patch.body).toEqual({ ...read, name: 'Robert', gender: null });

    const replaced = await test.http.put(`/api/v1/profile/${profile.publicId}/`).set(auth(profile.bearer)).send({ name: 'Rob' }).expect(200);
    expect(replaced.body).toEqual({ ...read, name: 'Rob', gender: null, reference: '' });
  });

  describe('GET /api/v1/profile/', () => {
    let listAdmin: string;
    const names = (body: { results: { name: string }[] }) => body.results.map((p) => p.name);

    beforeAll(async () => {
      listAdmin = await adminBearer(test, await createClientApp(test, 'Lists'));
      for (const [name, reference] of [['Carla', 'team-a'], ['alice', 'Team-B'], ['Bruno', 'x_1'], ['Dora', 'x%1'], ['Eve', '']]) {
        await createProfile(test, listAdmin, { name, reference });
      }
    });

    it('pages by limit and offset with absolute next and previous links', async () => {
      const first = await test.http.get('/api/v1/profile/?limit=2').set(auth(listAdmin)).set('Host', 'h.test').expect(200);
      expect(first.body.count).toBe(5);
      expect(names(first.body)).toEqual(['Carla', 'alice']);
      expect(first.body.previous).toBeNull();
      expect(first.body.next).toBe('http://h.test/api/v1/profile/?limit=2&offset=2');

      const second = await test.http.get('/api/v1/profile/?limit=2&offset=2').set(auth(listAdmin)).set('Host', 'h.test').expect(200);
      expect(names(second.body)).toEqual(['Bruno', 'Dora']);
      expect(second.body.previous).toBe('http://h.test/api/v1/profile/?limit=2');
      expect(second.body.next).toBe('http://h.test/api/v1/profile/?limit=2&offset=4');

      const last = await test.http.get('/api/v1/profile/?limit=2&offset=4').set(auth(listAdmin)).set('Host', 'h.test').expect(200);
      expect(names(last.body)).toEqual(['Eve']);
      expect(last.body.next).toBeNull();
      expect(last.body.previous).toBe('http://h.test/api/v1/profile/?limit=2&offset=2');
    });

    it('defaults to 20 per page, ordered by creation', async () => {
      const response = await test.http.get('/api/v1/profile/').set(auth(listAdmin)).expect(200);
      expect(response.body).toMatchObject({ count: 5, next: null, previous: null });
      expect(names(response.body)).toEqual(['Carla', 'alice', 'Bruno', 'Dora', 'Eve']);
    });

    it.each([
      ['name', ['Bruno', 'Carla', 'Dora', 'Eve', 'alice']], // PostgreSQL's C-like collation may differ: see below
    ])('orders by %s', async (ordering) => {
      const ascending = names((await test.http.get(`/api/v1/profile/?ordering=${ordering}`).set(auth(listAdmin)).expect(200)).body);
      const descending = names((await test.http.get(`/api/v1/profile/?ordering=-${ordering}`).set(auth(listAdmin)).expect(200)).body);
      expect(descending).toEqual([...ascending].reverse());
      expect(new Set(ascending)).toEqual(new Set(['Carla', 'alice', 'Bruno', 'Dora', 'Eve']));
    });

    it('searches name and reference case-insensitively, treating % and _ literally', async () => {
      const search = async (text: string) =>
        names((await test.http.get('/api/v1/profile/').query({ search: text }).set(auth(listAdmin)).expect(200)).body);
      expect(await search('team')).toEqual(['Carla', 'alice']);
      expect(await search('ALI')).toEqual(['alice']);
      expect(await search('x_')).toEqual(['Bruno']);
      expect(await search('x%')).toEqual(['Dora']);
      expect(await search('nobody')).toEqual([]);
    });

    it('shows a profile bearer only its own profile', async () => {
      const own = await createProfile(test, listAdmin, { name: 'Self' });
      const response = await test.http.get('/api/v1/profile/').set(auth(own.bearer)).expect(200);
      expect(response.body).toMatchObject({ count: 1, next: null, previous: null });
      expect(names(response.body)).toEqual(['Self']);
      await test.http.delete(`/api/v1/profile/${own.publicId}/`).set(auth(own.bearer)).expect(204);
    });

    it('refuses an unknown ordering field with 400', async () => {
      const response = await test.http.get('/api/v1/profile/?ordering=bearer_digest').set(auth(listAdmin)).expect(400);
      expect(response.body.type).toBe('urn:strive:problem:identity.invalid_ordering');
    });
  });

  it('reads total_points', async () => {
    const profile = await createProfile(test, admin);
    const response = await test.http.get(`/api/v1/profile/${profile.publicId}/`).set(auth(profile.bearer)).expect(200);
    expect(response.body.total_points).toBe(0);
  });

  it('deletes a profile (administrator) and then answers 404 for it', async () => {
    const profile = await createProfile(test, admin);
    await test.http.delete(`/api/v1/profile/${profile.publicId}/`).set(auth(admin)).expect(204);
    await test.http.delete(`/api/v1/profile/${profile.publicId}/`).set(auth(admin)).expect(404);
    const list = await test.http.get('/api/v1/profile/?limit=100').set(auth(admin)).expect(200);
    expect(list.body.results.map((p: { public_id: string }) => p.public_id)).not.toContain(profile.publicId);
  });
});

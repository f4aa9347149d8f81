import { Decoder, Stream } from '@garmin/fitsdk';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import {
  adminBearer, bearerAuth, createClientApp, createProfile, CreatedTestProfile, databaseSnapshot, startTestApp, TestApp,
} from './support/test-app';

const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (name) => ['trkpt', 'Trackpoint', 'Lap'].includes(name) });

const track = (externalId: string, timestamp: string, latitude: number, longitude: number, extra: Record<string, unknown> = {}) => ({
  external_id: externalId, timestamp, latitude, longitude, altitude: 4, speed: 3, ...extra,
});

describe('activity files (GET profile/{id}/activity_file/ and activity_file/{activity_id})', () => {
  let test: TestApp;
  let admin: string;
  let ann: CreatedTestProfile;
  let bob: CreatedTestProfile;
  let cleo: CreatedTestProfile;
  let runId: string;
  let strengthId: string;
  let plainId: string;
  let bobRunId: string;

  const base = (profile: CreatedTestProfile) => `/api/v1/profile/${profile.publicId}/activity_file`;
  const download = (path: string, bearer = ann.bearer) =>
    test.http.get(path).set(bearerAuth(bearer)).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
  const problemOf = (body: Buffer) => JSON.parse(body.toString('utf8'));

  beforeAll(async () => {
    test = await startTestApp();
    admin = await adminBearer(test, await createClientApp(test));
    ann = await createProfile(test, admin, { name: 'Ann' });
    bob = await createProfile(test, admin, { name: 'Bob' });
    cleo = await createProfile(test, await adminBearer(test, await createClientApp(test, 'Other app')), { name: 'Cleo' });
    await test.http.post(`/api/v1/profile/${ann.publicId}/data/`).set(bearerAuth(ann.bearer)).send({
      source: 'GARMIN',
      workout: [
        {
          external_id: 'w-run', timestamp: '2026-11-20T07:00:00Z', duration: '00:10:00', type: 'RUNNING', name: 'Morning run & <hills>',
          distance: 2000, calories: 150, heart_rate_summary: { average: 140, min: 100, max: 170 },
          heart_rate_samples: [
            { timestamp: '2026-11-20T07:00:00Z', bpm: 100 }, { timestamp: '2026-11-20T07:00:30Z', bpm: 130 }, { timestamp: '2026-11-20T07:00:45Z', bpm: 150 },
          ],
        },
        { external_id: 'w-strength', timestamp: '2026-11-20T18:00:00Z', duration: '00:30:00', type: 'STRENGTH_TRAINING', distance: 0,
          heart_rate_samples: [{ timestamp: '2026-11-20T18:01:00Z', bpm: 110 }] },
        { external_id: 'w-plain', timestamp: '2026-11-21T07:00:00Z', duration: '00:20:00', type: 'WALKING', distance: 1500 },
      ],
      track_sample: [
        track('t1', '2026-11-20T07:00:00Z', 52.37, 4.89, { workout_external_id: 'w-run' }),
        track('t2', '2026-11-20T07:00:30Z', 52.371, 4.891),
        track('t3', '2026-11-20T07:00:50Z', 52.372, 4.892, { altitude: 6 }),
        track('t4', '2026-11-20T07:01:00Z', 52.373, 4.893, { workout_external_id: 'w-run' }),
        // Inside the run's time but naming another workout: not the run's.
        track('t-other', '2026-11-20T07:00:40Z', 10, 10, { workout_external_id: 'w-elsewhere' }),
        // After the plain walk's end: it stays without a file.
        track('t-late', '2026-11-21T07:30:00Z', 52, 4),
      ],
    }).expect(201);
    // Another source's position inside the run is not the run's.
    await test.http.post(`/api/v1/profile/${ann.publicId}/data/`).set(bearerAuth(ann.bearer))
      .send({ source: 'POLAR', track_sample: [track('p1', '2026-11-20T07:00:20Z', 1, 1)] }).expect(201);
    await test.http.post(`/api/v1/profile/${bob.publicId}/data/`).set(bearerAuth(bob.bearer)).send({
      source: 'GARMIN',
      workout: [{ external_id: 'b-run', timestamp: '2026-11-20T07:00:00Z', duration: '00:10:00', type: 'RUNNING', distance: 2000 }],
      track_sample: [track('bt1', '2026-11-20T07:00:10Z', 52, 4)],
    }).expect(201);
    const workoutIds = async (profile: CreatedTestProfile) =>
      (await test.dataSource.query(`SELECT external_id, id::text AS id FROM health_record WHERE profile_id = $1 AND type = 'workout'`, [profile.publicId]))
        .reduce((ids: Record<string, string>, row: { external_id: string; id: string }) => ({ ...ids, [row.external_id]: row.id }), {});
    ({ 'w-run': runId, 'w-strength': strengthId, 'w-plain': plainId } = await workoutIds(ann));
    ({ 'b-run': bobRunId } = await workoutIds(bob));
  });
  afterAll(() => test.close());

  describe('the list', () => {
    it('lists the workouts that have a track or heart-rate samples, oldest first, with their formats and URLs', async () => {
      const response = await test.http.get(`${base(ann)}/`).set(bearerAuth(ann.bearer)).expect(200);
      const url = (id: string, format: string) => `${test.baseUrl}/api/v1/profile/${ann.publicId}/activity_file/${id}?format=${format}`;
      expect(response.body).toEqual([
        {
          id: runId, timestamp: '2026-11-20T07:00:00.000Z', end_time: '2026-11-20T07:10:00.000Z', type: 'RUNNING', name: 'Morning run & <hills>',
          source: 'GARMIN', has_track: true, formats: ['gpx', 'tcx', 'fit'], urls: { gpx: url(runId, 'gpx'), tcx: url(runId, 'tcx'), fit: url(runId, 'fit') },
        },
        {
          id: strengthId, timestamp: '2026-11-20T18:00:00.000Z', end_time: '2026-11-20T18:30:00.000Z', type: 'STRENGTH_TRAINING', name: null,
          source: 'GARMIN', has_track: false, formats: ['tcx', 'fit'], urls: { tcx: url(strengthId, 'tcx'), fit: url(strengthId, 'fit') },
        },
      ]);
      expect(response.headers['api-results-next']).toBeUndefined();
    });

    it('pages with page_size and cursors, and filters by date', async () => {
      const first = await test.http.get(`${base(ann)}/?page_size=1`).set(bearerAuth(ann.bearer)).expect(200);
      expect(first.body.map((f: { id: string }) => f.id)).toEqual([runId]);
      const next = new URL(first.headers['api-results-next']);
      const second = await test.http.get(`${next.pathname}${next.search}`).set(bearerAuth(ann.bearer)).expect(200);
      expect(second.body.map((f: { id: string }) => f.id)).toEqual([strengthId]);
      expect(second.headers['api-results-next']).toBeUndefined();
      const previous = new URL(second.headers['api-results-previous']);
      const back = await test.http.get(`${previous.pathname}${previous.search}`).set(bearerAuth(ann.bearer)).expect(200);
      expect(back.body.map((f: { id: string }) => f.id)).toEqual([runId]);

      const evening = await test.http.get(`${base(ann)}/?date_start=2026-11-20T12:00:00Z`).set(bearerAuth(ann.bearer)).expect(200);
      expect(evening.body.map((f: { id: string }) => f.id)).toEqual([strengthId]);
    });

    it("serves the app's administrator too; another profile's bearer is 403, another app's profile 404, no bearer 401", async () => {
      expect((await test.http.get(`${base(ann)}/`).set(bearerAuth(admin)).expect(200)).body).toHaveLength(2);
      await test.http.get(`${base(bob)}/`).set(bearerAuth(ann.bearer)).expect(403);
      await test.http.get(`${base(cleo)}/`).set(bearerAuth(admin)).expect(404);
      await test.http.get(`${base(ann)}/`).expect(401);
      expect((await test.http.get(`${base(bob)}/`).set(bearerAuth(bob.bearer)).expect(200)).body.map((f: { id: string }) => f.id)).toEqual([bobRunId]);
    });

    it.each([
      ['a page_size over 100', 'page_size=101', 'page_size'],
      ['a page_size of 0', 'page_size=0', 'page_size'],
      ['a cursor of another list', `cursor=${Buffer.from(JSON.stringify({ k: 'workout', d: 'n', t: 0, i: '1' })).toString('base64url')}`, 'cursor'],
      ['an unknown parameter', 'format=gpx', 'format'],
      ['reversed dates', 'date_start=2026-11-21T00:00:00Z&date_end=2026-11-20T00:00:00Z', 'date_end'],
    ])('is 400 for %s', async (_, query, field) => {
      const response = await test.http.get(`${base(ann)}/?${query}`).set(bearerAuth(ann.bearer)).expect(400);
      expect(response.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
    });
  });

  describe('one file', () => {
    it('is GPX by default: the run\'s own positions with the heart rate at each (carried up to 10 s), parsed back', async () => {
      const response = await download(`${base(ann)}/${runId}`).expect(200);
      expect(response.headers['content-type']).toBe('application/gpx+xml; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="activity-${runId}.gpx"`);
      const text = response.body.toString('utf8');
      expect(XMLValidator.validate(text)).toBe(true);
      const gpx = xml.parse(text).gpx;
      expect(gpx['@version']).toBe('1.1');
      expect(gpx['@xmlns']).toBe('http://www.topografix.com/GPX/1/1');
      expect(gpx.metadata).toEqual({ name: 'Morning run & <hills>', time: '2026-11-20T07:00:00Z' });
      expect(gpx.trk.type).toBe('RUNNING');
      const points = gpx.trk.trkseg.trkpt.map((p: Record<string, unknown>) => ({
        lat: p['@lat'], lon: p['@lon'], ele: p.ele, time: p.time,
        hr: (p.extensions as { 'gpxtpx:TrackPointExtension': { 'gpxtpx:hr': number } } | undefined)?.['gpxtpx:TrackPointExtension']['gpxtpx:hr'],
      }));
      // 07:00:50 takes the 150 bpm of 07:00:45 (5 s before); 07:01:00 is 15 s after it: no heart rate.
      expect(points).toEqual([
        { lat: '52.37', lon: '4.89', ele: 4, time: '2026-11-20T07:00:00Z', hr: 100 },
        { lat: '52.371', lon: '4.891', ele: 4, time: '2026-11-20T07:00:30Z', hr: 130 },
        { lat: '52.372', lon: '4.892', ele: 6, time: '2026-11-20T07:00:50Z', hr: 150 },
        { lat: '52.373', lon: '4.893', ele: 4, time: '2026-11-20T07:01:00Z', hr: undefined },
      ]);
    });

    it('is TCX: one lap with the totals, every point (heart-rate samples without a position too)', async () => {
      const response = await download(`${base(ann)}/${runId}?format=tcx`).expect(200);
      expect(response.headers['content-type']).toBe('application/vnd.garmin.tcx+xml; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="activity-${runId}.tcx"`);
      const text = response.body.toString('utf8');
      expect(XMLValidator.validate(text)).toBe(true);
      const activity = xml.parse(text).TrainingCenterDatabase.Activities.Activity;
      expect(activity['@Sport']).toBe('Running');
      expect(activity.Id).toBe('2026-11-20T07:00:00Z');
      expect(activity.Notes).toBe('Morning run & <hills>');
      const [lap] = activity.Lap;
      expect(lap).toMatchObject({
        '@StartTime': '2026-11-20T07:00:00Z', TotalTimeSeconds: 600, DistanceMeters: 2000, Calories: 150,
        AverageHeartRateBpm: { Value: 140 }, MaximumHeartRateBpm: { Value: 170 }, Intensity: 'Active', TriggerMethod: 'Manual',
      });
      expect(lap.Track.Trackpoint).toEqual([
        { Time: '2026-11-20T07:00:00Z', Position: { LatitudeDegrees: 52.37, LongitudeDegrees: 4.89 }, AltitudeMeters: 4, HeartRateBpm: { Value: 100 } },
        { Time: '2026-11-20T07:00:30Z', Position: { LatitudeDegrees: 52.371, LongitudeDegrees: 4.891 }, AltitudeMeters: 4, HeartRateBpm: { Value: 130 } },
        { Time: '2026-11-20T07:00:45Z', HeartRateBpm: { Value: 150 } },
        { Time: '2026-11-20T07:00:50Z', Position: { LatitudeDegrees: 52.372, LongitudeDegrees: 4.892 }, AltitudeMeters: 6, HeartRateBpm: { Value: 150 } },
        { Time: '2026-11-20T07:01:00Z', Position: { LatitudeDegrees: 52.373, LongitudeDegrees: 4.893 }, AltitudeMeters: 4 },
      ]);
    });

    it('is FIT, decoded back with the Garmin FIT SDK: file_id, records, lap, session and activity', async () => {
      const response = await download(`${base(ann)}/${runId}?format=fit`).expect(200);
      expect(response.headers['content-type']).toBe('application/vnd.ant.fit');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="activity-${runId}.fit"`);
      const decoder = new Decoder(Stream.fromByteArray(new Uint8Array(response.body)));
      expect(decoder.isFIT()).toBe(true);
      expect(decoder.checkIntegrity()).toBe(true);
      const { messages, errors } = decoder.read();
      expect(errors).toEqual([]);
      expect(messages.fileIdMesgs).toEqual([expect.objectContaining({ type: 'activity', timeCreated: new Date('2026-11-20T07:00:00Z') })]);
      // Semicircles: degrees × 2^31 / 180, rounded (52.37° -> 624798437).
      expect((messages.recordMesgs ?? []).map((r) => [r.timestamp, r.positionLat, r.positionLong, r.heartRate, r.altitude])).toEqual([
        [new Date('2026-11-20T07:00:00Z'), 624798437, 58339972, 100, 4],
        [new Date('2026-11-20T07:00:30Z'), 624810367, 58351903, 130, 4],
        [new Date('2026-11-20T07:00:45Z'), undefined, undefined, 150, undefined],
        [new Date('2026-11-20T07:00:50Z'), 624822298, 58363833, 150, 6],
        [new Date('2026-11-20T07:01:00Z'), 624834228, 58375764, undefined, 4],
      ]);
      const totals = {
        startTime: new Date('2026-11-20T07:00:00Z'), timestamp: new Date('2026-11-20T07:10:00Z'), totalElapsedTime: 600, totalTimerTime: 600,
        totalDistance: 2000, totalCalories: 150, avgHeartRate: 140, maxHeartRate: 170, sport: 'running',
      };
      expect(messages.lapMesgs).toEqual([expect.objectContaining(totals)]);
      expect(messages.sessionMesgs).toEqual([expect.objectContaining({ ...totals, numLaps: 1, firstLapIndex: 0 })]);
      expect(messages.activityMesgs).toEqual([expect.objectContaining({ numSessions: 1, totalTimerTime: 600, timestamp: new Date('2026-11-20T07:10:00Z') })]);
    });

    it('of a workout without a track is TCX by default, and has no GPX (400)', async () => {
      const tcx = await download(`${base(ann)}/${strengthId}`).expect(200);
      expect(tcx.headers['content-disposition']).toBe(`attachment; filename="activity-${strengthId}.tcx"`);
      const activity = xml.parse(tcx.body.toString('utf8')).TrainingCenterDatabase.Activities.Activity;
      expect(activity['@Sport']).toBe('Other');
      expect(activity.Lap[0].Track.Trackpoint).toEqual([{ Time: '2026-11-20T18:01:00Z', HeartRateBpm: { Value: 110 } }]);
      const gpx = await download(`${base(ann)}/${strengthId}?format=gpx`).expect(400);
      expect(problemOf(gpx.body).detail).toBe('This activity has no GPS track, so it has no GPX file; its formats are tcx, fit.');
      const fit = await download(`${base(ann)}/${strengthId}?format=fit`).expect(200);
      const { messages } = new Decoder(Stream.fromByteArray(new Uint8Array(fit.body))).read();
      expect(messages.sessionMesgs).toEqual([expect.objectContaining({ sport: 'training', totalElapsedTime: 1800 })]);
    });

    it("is 404 for a workout without samples, another profile's workout and an unknown id; 403 on another profile's path", async () => {
      const before = await databaseSnapshot(test);
      for (const id of [plainId, bobRunId, '999999999']) {
        const response = await download(`${base(ann)}/${id}`).expect(404);
        expect(problemOf(response.body)).toMatchObject({ status: 404, detail: `No activity file ${id} for this profile.` });
      }
      await download(`${base(bob)}/${bobRunId}`).expect(403);
      await download(`${base(cleo)}/${runId}`, admin).expect(404);
      await download(`${base(ann)}/${runId}`, admin).expect(200);
      expect(await databaseSnapshot(test)).toEqual(before);
    });

    it.each([
      ['an unknown format', `?format=pdf`, 'format'],
      ['an upper-case format', `?format=GPX`, 'format'],
      ['an unknown parameter', `?fmt=gpx`, 'fmt'],
    ])('is 400 for %s', async (_, query, field) => {
      const response = await download(`${base(ann)}/${runId}${query}`).expect(400);
      expect(problemOf(response.body).errors).toEqual([expect.objectContaining({ field })]);
    });

    it.each(['abc', '0', '-1', '1.5', '99999999999999999999'])('is 400 for the activity id %s', async (id) => {
      const response = await download(`${base(ann)}/${id}`).expect(400);
      expect(problemOf(response.body).errors).toEqual([expect.objectContaining({ field: 'activity_id' })]);
    });
  });
});

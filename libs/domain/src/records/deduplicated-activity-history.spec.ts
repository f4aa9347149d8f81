import { ActivityRecordMother } from '../../testing/challenge-mother';
import { InMemoryRawActivity } from '../../testing/in-memory-raw-activity';
import { DeduplicatedActivityHistory } from './deduplicated-activity-history';

describe(DeduplicatedActivityHistory.name, () => {
  const raw = new InMemoryRawActivity();
  const sut = new DeduplicatedActivityHistory(raw);
  const from = new Date('2026-03-02T00:00:00Z');
  const to = new Date('2026-03-03T00:00:00Z');

  beforeAll(() => {
    const { dailySummary, workout, event } = ActivityRecordMother;
    raw.add({
      dailySummaries: [
        dailySummary({ source: 'GARMIN', date: '2026-03-01', steps: 1 }),
        dailySummary({ source: 'GARMIN', date: '2026-03-02', steps: 5000 }),
        dailySummary({ source: 'APPLE', date: '2026-03-02', steps: 6000 }),
        dailySummary({ source: 'GARMIN', date: '2026-03-03', steps: 3 }),
      ],
      workouts: [
        // A late-evening ride reported by two sources, on either side of midnight of 03-01/03-02.
        workout({ externalId: 'ride-garmin', source: 'GARMIN', activityType: 'CYCLING', start: new Date('2026-03-01T23:59:50Z') }),
        workout({ externalId: 'ride-strava', source: 'STRAVA', activityType: 'CYCLING', start: new Date('2026-03-02T00:00:10Z') }),
        workout({ externalId: 'run-garmin', source: 'GARMIN', start: new Date('2026-03-02T07:00:00Z') }),
        workout({ externalId: 'run-strava', source: 'STRAVA', start: new Date('2026-03-02T07:00:05Z') }),
        workout({ externalId: 'next-day', source: 'GARMIN', start: to }),
      ],
      events: [event({ id: 'in', timestamp: new Date('2026-03-02T12:00:00Z') }), event({ id: 'at-end', timestamp: to })],
    });
  });

  it('merges daily summaries per date within the dates asked', () => {
    const days = sut.dailySummaries('profile-1', '2026-03-02', '2026-03-02');
    expect(days.map((d) => [d.date, d.source, d.steps])).toEqual([['2026-03-02', 'AGGREGATED', 6000]]);
  });

  it('deduplicates workouts, looking across the window start, and keeps starts in [from, to)', () => {
    // The ride's chosen GARMIN record starts before `from`, so the ride belongs to 03-01.
    expect(sut.workouts('profile-1', from, to).map((w) => w.externalId)).toEqual(['run-garmin']);
  });

  it('returns events with timestamps in [from, to)', () => {
    expect(sut.events('profile-1', from, to).map((e) => e.id)).toEqual(['in']);
  });
});

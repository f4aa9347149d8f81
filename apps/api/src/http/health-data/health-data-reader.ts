import { Inject, Injectable } from '@nestjs/common';
import {
  DATA_TYPE_SPEC, GetPointsDefinitionUseCase, GetProfileUseCase, groupWorkoutRecords, HealthDataType, HealthRecord,
  HealthRecordQuery, HealthRecordRepository, mergeDailySummaryRecords, Principal, RecordPosition,
  StoredHealthRecord,
  servedRecord,
} from '@strive/domain';
import { TypeOrmPointsEventRepository } from '../../persistence/points/typeorm-points.repository';
import { HEALTH_RECORD_REPOSITORY, POINTS_EVENT_REPOSITORY } from '../../system/tokens';
import { RequestValidationError } from '../problem/request-validation.error';
import { ApiUrl } from '../shared/api-url';
import { DataCursor, decodeCursor, Direction, encodeCursor } from './data-cursor';
import { DataPageQuery, DateRangeQuery, DEFAULT_PAGE_SIZE } from './data-query.dto';
import { presentEvent } from './health-data.presenter';

export interface DataPage {
  readonly body: unknown[];
  readonly next: string | null;
  readonly previous: string | null;
}

export interface PageOptions {
  readonly deduplicate?: boolean;
  readonly heartRateDetail?: boolean;
  readonly detail?: boolean;
  readonly subtype?: string;
}

interface Keyed {
  readonly time: Date;
  readonly id: string | null;
}

const DAY_MS = 86_400_000;
/** How far apart two copies of one workout can start (deduplication looks this far around a page). */
const LOOK_AROUND_MS = DAY_MS;

const utcMidnight = (date: Date) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));

function compareKeys(a: Keyed, b: Keyed): number {
  const byTime = a.time.getTime() - b.time.getTime();
  if (byTime !== 0 || a.id === null || b.id === null) return byTime;
  const [x, y] = [BigInt(a.id), BigInt(b.id)];
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Whether `key` lies strictly beyond `position` in `direction`. */
function beyond(key: Keyed, position: RecordPosition | undefined, direction: Direction): boolean {
  if (!position) return true;
  const byTime = key.time.getTime() - position.time.getTime();
  const order = byTime !== 0 || position.id === null || key.id === null ? byTime : compareKeys(key, position);
  return direction === 'forward' ? order > 0 : order < 0;
}

/**
 * The read side of the profile data endpoints: access, date filters, keyset pages on
 * (time, id) in both directions, deduplicated views, and presentation per API version.
 */
@Injectable()
export class HealthDataReader {
  constructor(
    @Inject(HEALTH_RECORD_REPOSITORY) private readonly records: HealthRecordRepository,
    @Inject(POINTS_EVENT_REPOSITORY) private readonly events: TypeOrmPointsEventRepository,
    private readonly getProfile: GetProfileUseCase,
    private readonly getDefinition: GetPointsDefinitionUseCase,
  ) {}

  /** The profile as `principal` may read its data: own bearer or the app's administrator. */
  async profileFor(principal: Principal, profileId: string) {
    return this.getProfile.execute(principal, profileId, true);
  }

  async page(principal: Principal, profileId: string, type: HealthDataType, query: DataPageQuery, url: ApiUrl, options: PageOptions = {}): Promise<DataPage> {
    const spec = DATA_TYPE_SPEC[type];
    // The query is checked whole before any work: bounds, cursor, then the profile.
    const bounds = this.bounds(query, spec.time.kind === 'date');
    const pageSize = query.page_size ?? DEFAULT_PAGE_SIZE;
    const deduplicated = options.deduplicate === true && (type === 'daily_summary' || type === 'workout');
    const kind = deduplicated ? `${type}:deduplicated` : type;
    const cursor = query.cursor ? decodeCursor(kind, query.cursor) : undefined;
    const profile = await this.profileFor(principal, profileId);
    const base: Omit<HealthRecordQuery, 'direction' | 'limit'> = { appId: profile.appId, profileId: profile.id, type, subtype: options.subtype, ...bounds };

    let fetch: (direction: Direction, position: RecordPosition | undefined, limit: number) => Promise<(HealthRecord & Keyed)[]>;
    if (options.deduplicate && type === 'daily_summary') {
      fetch = async (direction, position, limit) => {
        const times = await this.records.listTimes({ ...base, direction, position: position && { time: position.time, id: null }, limit });
        if (times.length === 0) return [];
        const merged = mergeDailySummaryRecords(await this.records.list({ ...base, direction: 'forward', times, limit: 0 }));
        const keyed = merged.map((r) => ({ ...r, id: null }));
        return direction === 'forward' ? keyed : keyed.reverse();
      };
    } else if (options.deduplicate && type === 'workout') {
      fetch = (direction, position, limit) => this.deduplicatedWorkouts(base, direction, position, limit);
    } else {
      fetch = (direction, position, limit) => this.records.list({ ...base, direction, position, limit });
    }
    const { items, next, previous } = await keysetPage(fetch, cursor, pageSize);

    const definition = spec.points ? await this.getDefinition.execute({ appId: profile.appId }) : (null as never);
    const detail =
      (type === 'workout' && options.heartRateDetail === true && query.page_size === 1) ||
      (type === 'heartrate_sample' && options.heartRateDetail === true);
    const body: Record<string, unknown>[] = items.map((record) => servedRecord(record, { version: url.version, detail, definition }));
    if (type === 'sleep_summary' && options.detail && items.length === 1) {
      const [summary] = items;
      const stages = await this.records.list({
        appId: profile.appId, profileId: profile.id, type: 'sleep_detail', source: summary.source,
        from: summary.time, to: summary.endTime ?? summary.time, direction: 'forward', limit: 1000,
      });
      body[0].detail = stages.map((stage) => servedRecord(stage, { version: url.version, detail: false, definition }));
    }
    return {
      body,
      next: next && url.withQuery({ cursor: encodeCursor(kind, next) }),
      previous: previous && url.withQuery({ cursor: encodeCursor(kind, previous) }),
    };
  }

  /** The samples of one ECG recording: the latest starting at or before date_end (the latest of all without it). */
  async ecgSamples(principal: Principal, profileId: string, query: DateRangeQuery): Promise<unknown[]> {
    const bounds = this.bounds(query, false);
    const profile = await this.profileFor(principal, profileId);
    const [recording] = await this.records.list({
      appId: profile.appId, profileId: profile.id, type: 'ecg_recordings', ...bounds, direction: 'backward', limit: 1,
    });
    return recording && Array.isArray(recording.data.samples) ? recording.data.samples : [];
  }

  /** The profile's points events (event/), a page in (timestamp, id) order. */
  async eventPage(principal: Principal, profileId: string, query: DataPageQuery, url: ApiUrl): Promise<DataPage> {
    const bounds = this.bounds(query, false);
    const cursor = query.cursor ? decodeCursor('event', query.cursor) : undefined;
    const profile = await this.profileFor(principal, profileId);
    const fetch = async (direction: Direction, position: RecordPosition | undefined, limit: number) =>
      (await this.events.page({ appId: profile.appId, profileId: profile.id, ...bounds, direction, position, limit })).map((e) => ({
        ...e, time: e.timestamp,
      }));
    const { items, next, previous } = await keysetPage(fetch, cursor, query.page_size ?? DEFAULT_PAGE_SIZE);
    return {
      body: items.map(presentEvent),
      next: next && url.withQuery({ cursor: encodeCursor('event', next) }),
      previous: previous && url.withQuery({ cursor: encodeCursor('event', previous) }),
    };
  }

  private bounds(query: DateRangeQuery, daily: boolean): { from?: Date; to?: Date } {
    const parse = (value: string | undefined) => (value === undefined ? undefined : new Date(value));
    let from = parse(query.date_start);
    let to = parse(query.date_end);
    if (from && to && from.getTime() > to.getTime()) {
      throw new RequestValidationError([{ field: 'date_end', message: 'date_end must not lie before date_start' }]);
    }
    if (daily) {
      // Daily records match when their date lies between the UTC dates of the bounds (contract.md).
      from = from && utcMidnight(from);
      to = to && utcMidnight(to);
    }
    return { from, to };
  }

  /**
   * One page of deduplicated workouts. Duplicates lie close in time, so records are read
   * from a day before the page (a session's copies may straddle the cursor) and grouped;
   * a chosen record is only served once every record that could join its group was read.
   */
  private async deduplicatedWorkouts(
    base: Omit<HealthRecordQuery, 'direction' | 'limit'>, direction: Direction, position: RecordPosition | undefined, limit: number,
  ): Promise<StoredHealthRecord[]> {
    const inBounds = (r: HealthRecord) =>
      (!base.from || r.time.getTime() >= base.from.getTime()) && (!base.to || r.time.getTime() <= base.to.getTime());
    for (let window = Math.max(limit * 3, 100); ; window *= 4) {
      const query: HealthRecordQuery =
        direction === 'forward'
          ? { ...base, direction, limit: window, from: position ? new Date(Math.max(base.from?.getTime() ?? -Infinity, position.time.getTime() - LOOK_AROUND_MS)) : base.from }
          : { ...base, direction, limit: window, to: position ? new Date(Math.min(base.to?.getTime() ?? Infinity, position.time.getTime() + LOOK_AROUND_MS)) : base.to };
      const raw = await this.records.list(query);
      const exhausted = raw.length < window;
      const edge = raw.length > 0 ? raw[raw.length - 1].time.getTime() : 0;
      const settled = (r: HealthRecord) =>
        exhausted || (direction === 'forward' ? (r.endTime ?? r.time).getTime() < edge : r.time.getTime() >= edge + LOOK_AROUND_MS);
      const chosen = groupWorkoutRecords(raw)
        .map((group) => group.chosen)
        .filter((r) => inBounds(r) && beyond(r, position, direction) && settled(r))
        .sort((a, b) => (direction === 'forward' ? compareKeys(a, b) : compareKeys(b, a)));
      if (chosen.length >= limit || exhausted) return chosen.slice(0, limit);
    }
  }
}

/**
 * A page of `pageSize` items after (or before) the cursor's position, with the cursors of
 * the neighbouring pages; null where there is no such page.
 */
export async function keysetPage<T extends Keyed>(
  fetch: (direction: Direction, position: RecordPosition | undefined, limit: number) => Promise<T[]>,
  cursor: DataCursor | undefined,
  pageSize: number,
): Promise<{ items: T[]; next: DataCursor | null; previous: DataCursor | null }> {
  const direction = cursor?.direction ?? 'forward';
  const rows = await fetch(direction, cursor?.position, pageSize + 1);
  const more = rows.length > pageSize;
  const items = rows.slice(0, pageSize);
  if (direction === 'backward') items.reverse();
  const key = (item: T | undefined, fallback: RecordPosition): RecordPosition => (item ? { time: item.time, id: item.id } : fallback);
  if (direction === 'forward') {
    return {
      items,
      next: more ? { direction: 'forward', position: key(items[items.length - 1], cursor?.position as RecordPosition) } : null,
      previous: cursor ? { direction: 'backward', position: key(items[0], cursor.position) } : null,
    };
  }
  const position = (cursor as DataCursor).position;
  return {
    items,
    next: { direction: 'forward', position: key(items[items.length - 1], position) },
    previous: more ? { direction: 'backward', position: key(items[0], position) } : null,
  };
}

/**
 * Domain scoring benchmark: 100,000 members x 30 DAILY periods, in memory, no I/O.
 * Run: npx ts-node -r tsconfig-paths/register bench/domain-scoring.bench.ts [members]
 *
 * Data is generated deterministically (mulberry32, fixed seed) in chunks so that only the
 * scoring is timed: per member, its 30 daily summaries are scored into period progress, the
 * STREAK repetition score is taken over the 30 periods, and the whole field is ranked (1224)
 * with one page and the requester's own rank. Goal: scoring + ranking < 2 s on 2 cores.
 */
import { performance } from 'node:perf_hooks';
import { DailySummary } from '../libs/domain/src/records/activity-records';
import { Challenge } from '../libs/domain/src/challenge/challenge';
import { PeriodCalendar } from '../libs/domain/src/challenge/period-calendar';
import { repetitionScore } from '../libs/domain/src/challenge/repetition';
import { scoreMemberPeriods } from '../libs/domain/src/challenge/scoring';
import { LeaderboardEntry } from '../libs/domain/src/leaderboard/leaderboard-entry';
import { RankingTable } from '../libs/domain/src/leaderboard/ranking-table';
import { ChallengeMember } from '../libs/domain/src/membership/challenge-member';
import { mulberry32 } from './support/mulberry32';

const MEMBERS = Number(process.argv[2] ?? 100_000);
const DAYS = 30;
const CHUNK = 1_000;

// Europe/Berlin, Mon 2026-03-02 00:00 local for 30 local days: crosses the DST change of 03-29.
const challenge: Challenge = {
  id: 'bench', appId: 'bench', title: 'Bench steps',
  start: new Date('2026-03-01T23:00:00Z'), end: new Date('2026-03-31T22:00:00Z'),
  timezone: 'Europe/Berlin', type: 'INDIVIDUAL', goal: 'DAILY', goalValue: 10_000, goalType: 'STEPS',
  repetition: 'STREAK', calculationMethod: 'SUM', dataSource: 'dailysummary', activityTypes: [],
  enrollmentMethod: 'AUTOMATIC', visibility: 'PUBLIC', graceDays: 7,
};
const dates = Array.from({ length: DAYS }, (_, d) => new Date(Date.UTC(2026, 2, 2 + d)).toISOString().slice(0, 10));

function generateChunk(random: () => number, first: number, count: number): { member: ChallengeMember; days: DailySummary[] }[] {
  const chunk = [];
  for (let m = first; m < first + count; m++) {
    const profileId = `p${m}`;
    const days: DailySummary[] = [];
    for (const date of dates) {
      if (random() < 0.1) continue; // about one day in ten has no data
      days.push({
        profileId, source: 'GARMIN', externalId: `${profileId}-${date}`, date,
        distance: 0, steps: Math.floor(random() * 20_000), calories: 0, activeDurationSeconds: 0,
      });
    }
    const inactiveIntervals = m % 50 === 0 ? [{ from: new Date('2026-03-10T00:00:00Z'), to: new Date('2026-03-12T00:00:00Z') }] : [];
    chunk.push({ member: { challengeId: 'bench', profileId, teamId: null, joinedAt: challenge.start, inactiveIntervals }, days });
  }
  return chunk;
}

function main(): void {
  const random = mulberry32(20260302);
  let generateMs = 0;
  let scoreMs = 0;
  let records = 0;
  let checksum = 0;

  let t = performance.now();
  const calendar = PeriodCalendar.of(challenge);
  const calendarMs = performance.now() - t;

  const entries: LeaderboardEntry[] = new Array(MEMBERS);
  for (let first = 0; first < MEMBERS; first += CHUNK) {
    t = performance.now();
    const chunk = generateChunk(random, first, Math.min(CHUNK, MEMBERS - first));
    generateMs += performance.now() - t;

    t = performance.now();
    for (let i = 0; i < chunk.length; i++) {
      const { member, days } = chunk[i];
      records += days.length;
      const outcomes = scoreMemberPeriods(calendar, challenge, member, { dailySummaries: days });
      const { score, reachedAt } = repetitionScore(challenge, outcomes, DAYS - 1);
      const last = outcomes[DAYS - 1];
      entries[first + i] = {
        kind: 'profile', key: member.profileId, profileId: member.profileId, teamId: null, memberCount: 1,
        progress: last?.progress ?? 0, goalReached: last?.goalReached ?? false, score, reachedAt,
      };
      checksum += score;
    }
    scoreMs += performance.now() - t;
  }

  t = performance.now();
  // What the host does per leaderboard version: rank into columns, then one page and the requester's entry.
  const table = RankingTable.rank(entries);
  const page = { results: table.slice(0, 20), requester: table.find(`p${MEMBERS - 1}`) };
  const rankMs = performance.now() - t;

  const total = calendarMs + scoreMs + rankMs;
  const report = {
    members: MEMBERS,
    periods: calendar.count,
    records,
    calendar_ms: round(calendarMs),
    generate_ms_untimed: round(generateMs),
    score_ms: round(scoreMs),
    rank_ms: round(rankMs),
    total_ms: round(total),
    records_per_s: Math.round(records / (scoreMs / 1000)),
    goal_met: total < 2000,
    checksum_sum_of_streaks: checksum,
    top: page.results.slice(0, 3).map((e) => `${e.key}:${e.score}#${e.rank}`).join(' '),
    requester: page.requester ? `${page.requester.key}:${page.requester.score}#${page.requester.rank}` : null,
    heap_used_mb: round(process.memoryUsage().heapUsed / 1_048_576),
    node: process.version,
  };
  console.log(JSON.stringify(report, null, 2));
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}

main();

import {
  Challenge, ChallengeDefinition, ChallengePeriod, DEFAULT_GRACE_DAYS, LeaderboardEntry, Principal, ScoreHistoryEntry, seesPersonalFieldsOf,
} from '@strive/domain';
import { ChallengeFacts } from '../../gamification/challenge-views';
import { MemberInfo } from '../../gamification/gamification-reads';
import { ApiUrl } from '../shared/api-url';
import { ChallengeBody, ChallengeListItem, ChallengeMemberView, TeamRef } from './challenge.dto';
import { ChallengePeriodView, LeaderboardHistoryEntry, LeaderboardProfileEntry, LeaderboardTeamEntry } from './challenge-leaderboard.dto';

const TYPE_ALIASES: Record<string, Challenge['type']> = { GLOBAL: 'GROUP' };
const GOAL_TYPE_ALIASES: Record<string, Challenge['goalType']> = { KCAL: 'CALORIES', TIME: 'DURATION' };

/** The domain definition of a body; `base` supplies omitted fields (PATCH: the stored challenge). */
export function toDefinition(body: Partial<ChallengeBody>, base?: Challenge): ChallengeDefinition {
  const pick = <T>(value: T | undefined, fallback: T): T => (value === undefined ? fallback : value);
  const activityTypes =
    body.activity_types ?? (body.activity_type !== undefined ? [body.activity_type] : undefined);
  return {
    title: pick(body.title, base?.title ?? ''),
    slogan: pick(body.slogan, base?.slogan ?? ''),
    description: pick(body.description, base?.description ?? ''),
    avatar: pick(body.avatar, base?.avatar ?? null),
    start: body.start !== undefined ? new Date(body.start) : (base?.start as Date),
    end: body.end !== undefined ? new Date(body.end) : (base?.end as Date),
    timezone: pick(body.timezone, base?.timezone ?? 'UTC'),
    type: body.type !== undefined ? (TYPE_ALIASES[body.type] ?? (body.type as Challenge['type'])) : (base?.type as Challenge['type']),
    goal: pick(body.goal, base?.goal as Challenge['goal']),
    goalValue: pick(body.goal_value, base ? base.goalValue : null),
    goalType:
      body.goal_type !== undefined
        ? (GOAL_TYPE_ALIASES[body.goal_type] ?? (body.goal_type as Challenge['goalType']))
        : (base?.goalType as Challenge['goalType']),
    repetition: pick(body.repetition, base?.repetition ?? 'NONE'),
    calculationMethod: pick(body.calculation_method, base?.calculationMethod ?? 'SUM'),
    dataSource: pick(body.data_source, base?.dataSource ?? 'dailysummary'),
    activityTypes: pick(activityTypes, base ? [...base.activityTypes] : []),
    enrollmentMethod: pick(body.enrollment_method, base?.enrollmentMethod ?? 'MANUAL'),
    visibility: pick(body.visibility, base?.visibility ?? 'PUBLIC'),
    graceDays: pick(body.grace_days, base?.graceDays ?? DEFAULT_GRACE_DAYS),
  };
}

/** ISO 8601 duration of a number of seconds: 5400 -> PT1H30M, 0 -> PT0S. */
export function isoDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds * 1000) / 1000);
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = Math.round((seconds - hours * 3600 - minutes * 60) * 1000) / 1000;
  const parts = `${hours ? `${hours}H` : ''}${minutes ? `${minutes}M` : ''}${rest ? `${rest}S` : ''}`;
  return `PT${parts || '0S'}`;
}

export function presentChallengeItem(facts: ChallengeFacts, url: ApiUrl): ChallengeListItem {
  const { challenge: c, totals } = facts;
  return {
    url: url.resource(`challenge/${c.id}/`),
    public_id: c.id,
    title: c.title,
    slogan: c.slogan ?? '',
    start: c.start.toISOString(),
    end: c.end.toISOString(),
    timezone: c.timezone,
    type: c.type,
    goal: c.goal,
    goal_value: c.goalValue,
    goal_type: c.goalType,
    visibility: c.visibility,
    num_members: facts.numMembers,
    description: c.description ?? '',
    calculation_method: c.calculationMethod,
    goal_progress: facts.goalProgress,
    enrollment_method: c.enrollmentMethod,
    repetition: c.repetition,
    avatar: c.avatar ?? null,
    data_source: c.dataSource,
    activity_types: [...c.activityTypes],
    grace_days: c.graceDays,
    status: facts.status,
    total_calories: totals.calories,
    total_distance: totals.distance,
    total_steps: totals.steps,
    total_points: totals.points,
    total_activity_duration: isoDuration(totals.durationSeconds),
  };
}

/** A member object as `viewer` may see it: another profile's reference is empty and its gender null. */
export function presentMember(member: MemberInfo, url: ApiUrl, viewer: Principal): ChallengeMemberView {
  const personal = seesPersonalFieldsOf(viewer, member.profileId);
  return {
    url: url.resource(`profile/${member.profileId}/`),
    public_id: member.profileId,
    name: member.name,
    gender: personal ? member.gender : null,
    team: member.team ? { public_id: member.team.id, name: member.team.name } : null,
    reference: personal ? member.reference : '',
    is_active: member.isActive,
  };
}

export function presentPeriod(period: ChallengePeriod, current: number): ChallengePeriodView {
  return { date_range: period.index, start: period.start.toISOString(), end: period.end.toISOString(), is_current: period.index === current };
}

export function presentProfileEntry(
  entry: LeaderboardEntry & { rank: number },
  member: MemberInfo | undefined,
  teamNames: ReadonlyMap<string, string>,
  url: ApiUrl,
  viewer: Principal,
): LeaderboardProfileEntry {
  const profile = member ?? {
    profileId: entry.profileId as string, name: '', gender: null, reference: '', team: null, isActive: true,
  };
  return {
    rank: entry.rank,
    score: entry.score,
    progress: entry.progress,
    goal_reached: entry.goalReached,
    profile: presentMember(profile, url, viewer),
    team: teamRef(entry.teamId, teamNames),
  };
}

export function presentTeamEntry(entry: LeaderboardEntry & { rank: number }, teamNames: ReadonlyMap<string, string>): LeaderboardTeamEntry {
  return {
    rank: entry.rank,
    score: entry.score,
    progress: entry.progress,
    goal_reached: entry.goalReached,
    team: teamRef(entry.teamId, teamNames) as TeamRef,
    num_members: entry.memberCount,
  };
}

export function teamRef(teamId: string | null, teamNames: ReadonlyMap<string, string>): TeamRef | null {
  return teamId === null ? null : { public_id: teamId, name: teamNames.get(teamId) ?? '' };
}

export function presentHistoryEntry(entry: ScoreHistoryEntry): LeaderboardHistoryEntry {
  return {
    date_range: entry.periodIndex,
    start: entry.periodStart.toISOString(),
    end: entry.periodEnd.toISOString(),
    progress: entry.progress,
    goal_reached: entry.goalReached,
    score: entry.score,
  };
}

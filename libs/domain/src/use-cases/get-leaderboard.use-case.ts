import { Challenge } from '../challenge/challenge';
import { MemberPeriodOutcome } from '../challenge/member-period-score';
import { ChallengePeriod, PeriodCalendar } from '../challenge/period-calendar';
import { PeriodOutcome, repetitionScore } from '../challenge/repetition';
import { aggregateProgress } from '../challenge/scoring';
import { ScoringError, ScoringErrorCode } from '../challenge/scoring-error';
import { LeaderboardEntry, LeaderboardView } from '../leaderboard/leaderboard-entry';
import { RankingTable } from '../leaderboard/ranking-table';
import { ChallengeMember } from '../membership/challenge-member';
import { Clock } from '../ports/clock';
import { MembershipRepository } from '../ports/membership-repository';
import { ScoreRepository } from '../ports/score-repository';

export interface GetLeaderboardInput {
  readonly challenge: Challenge;
  /** The enrolled members (active or not); only they are listed. */
  readonly members: readonly ChallengeMember[];
  readonly view: LeaderboardView;
  /** Required for team_members. */
  readonly teamId?: string;
  /** 0-based period index; omitted: the current period. */
  readonly dateRange?: number | null;
  /** The requesting profile, whose own entry key (or own team's) is returned with the ranking. */
  readonly requesterProfileId?: string | null;
}

export interface RankedLeaderboard {
  readonly period: ChallengePeriod;
  readonly table: RankingTable;
  /** The requester's entry key: its profile id, or its team id on the team board. */
  readonly requesterKey: string | null;
}

/**
 * A leaderboard read from the materialized scores.
 * - INDIVIDUAL profiles: the repetition score of each member (NONE: progress in the period;
 *   STREAK / STICK TO IT over periods 0..selected; no goal: progress).
 * - TEAM teams: each team's progress per period is the SUM or AVERAGE of its members'
 *   contributions; the repetition score is taken over those team progresses.
 * - Profiles of TEAM and GROUP challenges, and team_members: each member's contribution in the
 *   selected period (the goal belongs to the team or group, so repetition does not apply).
 */
export class GetLeaderboardUseCase {
  constructor(
    private readonly scores: ScoreRepository,
    private readonly clock: Clock,
    private readonly memberships: Pick<MembershipRepository, 'findMany'>,
  ) {}

  /**
   * Brings a kept ranking (of `rank`) up to date after these members' entries changed (their
   * scores, their membership), re-reading only them: in O(ranking + changes) instead of ranking
   * everyone afresh. Only where each entry depends on its member alone (the profiles board of an
   * INDIVIDUAL challenge); answers false for the other boards, changing nothing: rank them afresh.
   */
  async update(input: {
    readonly challenge: Challenge;
    readonly view: LeaderboardView;
    readonly dateRange: number;
    readonly table: RankingTable;
    readonly profileIds: readonly string[];
  }): Promise<boolean> {
    const { challenge, profileIds } = input;
    if (input.view !== 'profiles' || challenge.type !== 'INDIVIDUAL') return false;
    if (profileIds.length === 0) return true;
    const period = PeriodCalendar.of(challenge).select(input.dateRange, this.clock.now());
    const members = await this.memberships.findMany(challenge.id, profileIds);
    const entries = await this.individualEntries(challenge, members, period.index, profileIds);
    const staying = new Set(members.map((member) => member.profileId));
    input.table.apply(entries, profileIds.filter((profileId) => !staying.has(profileId)));
    return true;
  }

  /**
   * The whole ranking of the selected period, and the key of the requester's own entry: hosts
   * keep it and page it themselves while scores do not change.
   */
  async rank(input: GetLeaderboardInput): Promise<RankedLeaderboard> {
    const { challenge } = input;
    if (input.view !== 'profiles' && challenge.type !== 'TEAM') {
      throw new ScoringError(ScoringErrorCode.NotATeamChallenge, 'Team leaderboards exist only for TEAM challenges.');
    }
    const calendar = PeriodCalendar.of(challenge);
    const period = calendar.select(input.dateRange, this.clock.now());
    const usesRepetition = (input.view === 'teams' || challenge.type === 'INDIVIDUAL') && challenge.repetition !== 'NONE';
    const first = usesRepetition ? 0 : period.index;
    const byProfile = groupByProfile(await this.scores.findOutcomesForChallenge(challenge.id, first, period.index), first);
    const requester = input.members.find((member) => member.profileId === input.requesterProfileId);

    let entries: LeaderboardEntry[];
    let requesterKey: string | null | undefined = input.requesterProfileId;
    if (input.view === 'teams') {
      entries = teamEntries(challenge, input.members, byProfile, first, period.index);
      requesterKey = requester?.teamId;
    } else {
      const members =
        input.view === 'team_members' ? input.members.filter((member) => member.teamId === input.teamId) : input.members;
      const reachedBySubject = subjectGoalReached(challenge, input.members, byProfile, period.index - first);
      entries = members.map((member) => memberEntry(challenge, member, byProfile.get(member.profileId) ?? [], first, period.index, reachedBySubject));
    }
    return { period, table: RankingTable.rank(entries), requesterKey: requesterKey ?? null };
  }

  /** The entries of these members of an INDIVIDUAL challenge in a period, from their stored scores only. */
  private async individualEntries(
    challenge: Challenge,
    members: readonly ChallengeMember[],
    selected: number,
    profileIds: readonly string[],
  ): Promise<LeaderboardEntry[]> {
    const first = challenge.repetition !== 'NONE' ? 0 : selected;
    const byProfile = groupByProfile(await this.scores.findOutcomesForChallenge(challenge.id, first, selected, profileIds), first);
    return members.map((member) => memberEntry(challenge, member, byProfile.get(member.profileId) ?? [], first, selected, null));
  }
}

/**
 * A member's entry in a period from its stored outcomes (indexed by period index - `first`):
 * INDIVIDUAL members by their repetition score; members of TEAM and GROUP challenges by their
 * contribution in the period, goal reached when their subject's is (`reachedBySubject`).
 */
function memberEntry(
  challenge: Challenge,
  member: ChallengeMember,
  outcomes: readonly MemberPeriodOutcome[],
  first: number,
  selected: number,
  reachedBySubject: ((member: ChallengeMember) => boolean) | null,
): LeaderboardEntry {
  const usesRepetition = challenge.type === 'INDIVIDUAL' && challenge.repetition !== 'NONE';
  const own = outcomes[selected - first];
  const result = usesRepetition
    ? repetitionScore(challenge, outcomes, selected)
    : { score: own?.progress ?? 0, reachedAt: own?.reachedAt ?? null };
  return {
    kind: 'profile',
    key: member.profileId,
    profileId: member.profileId,
    teamId: member.teamId,
    memberCount: 1,
    progress: own?.progress ?? 0,
    goalReached: reachedBySubject ? reachedBySubject(member) : own?.goalReached ?? false,
    score: result.score,
    reachedAt: result.reachedAt,
  };
}

/**
 * Stored scores per profile, indexed by period index - `first` (dense arrays: a ranking of one
 * late period does not allocate a mostly empty array per member).
 */
function groupByProfile(scores: readonly MemberPeriodOutcome[], first: number): Map<string, MemberPeriodOutcome[]> {
  const byProfile = new Map<string, MemberPeriodOutcome[]>();
  for (const score of scores) {
    const list = byProfile.get(score.profileId) ?? [];
    list[score.periodIndex - first] = score;
    byProfile.set(score.profileId, list);
  }
  return byProfile;
}

/**
 * Team outcomes per period: progress = SUM or AVERAGE of the members' contributions (AVERAGE
 * divides by the team's enrolled member count); reached when progress >= goal; the team took its
 * value at the latest data time among its members' contributions.
 */
function teamEntries(
  challenge: Challenge,
  members: readonly ChallengeMember[],
  byProfile: ReadonlyMap<string, readonly MemberPeriodOutcome[]>,
  first: number,
  selected: number,
): LeaderboardEntry[] {
  return [...groupByTeam(members)].map(([teamId, team]) => {
    const outcomes: PeriodOutcome[] = [];
    for (let index = 0; index <= selected; index++) {
      const scores = team.map((member) => byProfile.get(member.profileId)?.[index - first]);
      const progress = aggregateProgress(
        challenge.calculationMethod,
        scores.map((score) => score?.progress ?? 0),
        team.length,
      );
      const reachedAt = latest(scores.map((score) => score?.reachedAt ?? null));
      const goalReached = challenge.goalValue !== null && progress >= challenge.goalValue;
      outcomes.push({ progress, goalReached, goalReachedAt: goalReached ? reachedAt : null, reachedAt });
    }
    const result = repetitionScore(challenge, outcomes, selected);
    return {
      kind: 'team',
      key: teamId,
      profileId: null,
      teamId,
      memberCount: team.length,
      progress: outcomes[selected].progress,
      goalReached: outcomes[selected].goalReached,
      score: result.score,
      reachedAt: result.reachedAt,
    };
  });
}

/**
 * For TEAM and GROUP challenges, whether a member's subject (its team, or the group) reached the
 * selected period's goal; null for INDIVIDUAL challenges (a member's own flag applies).
 */
function subjectGoalReached(
  challenge: Challenge,
  members: readonly ChallengeMember[],
  byProfile: ReadonlyMap<string, readonly MemberPeriodOutcome[]>,
  selected: number,
): ((member: ChallengeMember) => boolean) | null {
  if (challenge.type === 'INDIVIDUAL') return null;
  const goal = challenge.goalValue;
  const reached = (subject: readonly ChallengeMember[]): boolean =>
    goal !== null &&
    aggregateProgress(
      challenge.calculationMethod,
      subject.map((member) => byProfile.get(member.profileId)?.[selected]?.progress ?? 0),
      subject.length,
    ) >= goal;
  if (challenge.type === 'GROUP') {
    const group = reached(members);
    return () => group;
  }
  const teams = groupByTeam(members);
  const byTeam = new Map<string, boolean>();
  return (member) => {
    if (member.teamId === null) return false;
    let value = byTeam.get(member.teamId);
    if (value === undefined) {
      value = reached(teams.get(member.teamId) ?? []);
      byTeam.set(member.teamId, value);
    }
    return value;
  };
}

/** Members per team, in member order (members without a team left out). */
function groupByTeam(members: readonly ChallengeMember[]): Map<string, ChallengeMember[]> {
  const teams = new Map<string, ChallengeMember[]>();
  for (const member of members) {
    if (member.teamId === null) continue;
    const team = teams.get(member.teamId);
    if (team) team.push(member);
    else teams.set(member.teamId, [member]);
  }
  return teams;
}

function latest(instants: readonly (Date | null)[]): Date | null {
  let best: Date | null = null;
  for (const instant of instants) {
    if (instant && (best === null || instant.getTime() > best.getTime())) best = instant;
  }
  return best;
}

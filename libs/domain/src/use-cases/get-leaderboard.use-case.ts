import { Challenge } from '../challenge/challenge';
import { MemberPeriodOutcome, MemberPeriodStanding } from '../challenge/member-period-score';
import { ChallengePeriod, PeriodCalendar } from '../challenge/period-calendar';
import { EMPTY_REPETITION_STATE, keepsRepetitionState, nextRepetitionState, PeriodOutcome, scoreFromState } from '../challenge/repetition';
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
  readonly view: LeaderboardView;
  /** Required for team_members. */
  readonly teamId?: string;
  /** 0-based period index; omitted: the current period. */
  readonly dateRange?: number | null;
}

export interface RankedLeaderboard {
  readonly period: ChallengePeriod;
  /** Every enrolled member (active or not), or every team with members; no one else. */
  readonly table: RankingTable;
  /** On the teams board, each member's team (where a requester finds its own team's entry); else empty. */
  readonly teamOf: ReadonlyMap<string, string | null>;
}

const NO_TEAMS: ReadonlyMap<string, string | null> = new Map();

/**
 * A leaderboard read from the materialized scores.
 * - INDIVIDUAL profiles: the repetition score of each member (NONE: progress in the period;
 *   STREAK / STICK TO IT over periods 0..selected, read from the member's repetition state stored
 *   with its score of the selected period; no goal: progress). Only that period's rows are read.
 * - TEAM teams: each team's progress per period is the SUM or AVERAGE of its members'
 *   contributions; the repetition score is taken over those team progresses.
 * - Profiles of TEAM and GROUP challenges, and team_members: each member's contribution in the
 *   selected period (the goal belongs to the team or group, so repetition does not apply).
 */
export class GetLeaderboardUseCase {
  constructor(
    private readonly scores: ScoreRepository,
    private readonly clock: Clock,
    private readonly memberships: Pick<MembershipRepository, 'listByChallenge'>,
    /** Member-periods a team board reads at once (several periods of a small challenge, one of a large one). */
    private readonly maxRowsPerRead = 100_000,
  ) {}

  /**
   * Brings a kept ranking (of `rank`) up to date after these members' entries changed (their
   * scores, their membership), re-reading only them: in O(changes x log ranking) comparisons
   * (RankingTable.apply) instead of ranking everyone afresh. Only where each entry depends on its
   * member alone (the profiles board of an INDIVIDUAL challenge); answers false for the other
   * boards, changing nothing: rank them afresh.
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
    const standings = await this.scores.findMemberStandings(challenge.id, period.index, repetitionOf(challenge), profileIds);
    const staying = new Set(standings.map((standing) => standing.profileId));
    input.table.apply(standings.map(standingEntry), profileIds.filter((profileId) => !staying.has(profileId)));
    return true;
  }

  /**
   * Whether scores written in periods firstIndex..lastIndex can change a ranking of `rank`. Every
   * board reads the selected period's scores; a team board with repetition also folds every
   * period before it. An INDIVIDUAL repetition score is the state stored with the selected
   * period's row, which a write of an earlier period carries on to it (and so names it). A host
   * keeping a ranking leaves it as it is after writes elsewhere: data for today does not make
   * yesterday's board read anything.
   */
  dependsOnPeriods(input: {
    readonly challenge: Challenge;
    readonly view: LeaderboardView;
    readonly dateRange: number;
    readonly firstIndex: number;
    readonly lastIndex: number;
  }): boolean {
    const firstRead = input.view === 'teams' && foldsTeamPeriods(input.challenge) ? 0 : input.dateRange;
    return input.firstIndex <= input.dateRange && input.lastIndex >= firstRead;
  }

  /**
   * The whole ranking of the selected period: hosts keep it and page it themselves while scores do
   * not change. An INDIVIDUAL board is one read of the members with their scores of the period.
   */
  async rank(input: GetLeaderboardInput): Promise<RankedLeaderboard> {
    const { challenge } = input;
    if (input.view !== 'profiles' && challenge.type !== 'TEAM') {
      throw new ScoringError(ScoringErrorCode.NotATeamChallenge, 'Team leaderboards exist only for TEAM challenges.');
    }
    const period = PeriodCalendar.of(challenge).select(input.dateRange, this.clock.now());
    if (challenge.type === 'INDIVIDUAL') {
      const standings = await this.scores.findMemberStandings(challenge.id, period.index, repetitionOf(challenge));
      return { period, table: RankingTable.rank(standings.map(standingEntry)), teamOf: NO_TEAMS };
    }
    const members = await this.memberships.listByChallenge(challenge.id);
    if (input.view === 'teams') {
      const entries = await this.teamEntries(challenge, members, period.index);
      return { period, table: RankingTable.rank(entries), teamOf: new Map(members.map((member) => [member.profileId, member.teamId])) };
    }
    // Members of TEAM and GROUP challenges: their contribution in the selected period.
    const byProfile = new Map<string, MemberPeriodOutcome>();
    for (const outcome of await this.scores.findOutcomesForChallenge(challenge.id, period.index, period.index)) {
      byProfile.set(outcome.profileId, outcome);
    }
    const listed = input.view === 'team_members' ? members.filter((member) => member.teamId === input.teamId) : members;
    const reachedBySubject = subjectGoalReached(challenge, members, byProfile);
    const entries = listed.map((member) => {
      const own = byProfile.get(member.profileId);
      return profileEntry(member, own?.progress ?? 0, reachedBySubject(member), own?.progress ?? 0, own?.reachedAt ?? null);
    });
    return { period, table: RankingTable.rank(entries), teamOf: NO_TEAMS };
  }

  /**
   * Team outcomes per period: progress = SUM or AVERAGE of the members' contributions (AVERAGE
   * divides by the team's enrolled member count); reached when progress >= goal; the team took its
   * value at the latest data time among its members' contributions. With repetition, each team's
   * state is folded over periods 0..selected, read a few periods at a time (at most about
   * maxRowsPerRead member-periods held at once, whatever the number of periods).
   */
  private async teamEntries(challenge: Challenge, members: readonly ChallengeMember[], selected: number): Promise<LeaderboardEntry[]> {
    const teams = [...groupByTeam(members)];
    const repetition = foldsTeamPeriods(challenge);
    const states = teams.map(() => EMPTY_REPETITION_STATE);
    const outcomes: PeriodOutcome[] = [];
    const step = Math.max(1, Math.floor(this.maxRowsPerRead / Math.max(1, members.length)));
    for (let from = repetition ? 0 : selected; from <= selected; from += step) {
      const to = Math.min(selected, from + step - 1);
      const byPeriod = new Map<number, Map<string, MemberPeriodOutcome>>();
      for (const outcome of await this.scores.findOutcomesForChallenge(challenge.id, from, to)) {
        let period = byPeriod.get(outcome.periodIndex);
        if (!period) byPeriod.set(outcome.periodIndex, (period = new Map()));
        period.set(outcome.profileId, outcome);
      }
      for (let index = from; index <= to; index++) {
        const scores = byPeriod.get(index);
        teams.forEach(([, team], t) => {
          const outcome = teamOutcome(challenge, team, scores);
          states[t] = nextRepetitionState(states[t], outcome);
          if (index === selected) outcomes[t] = outcome;
        });
      }
    }
    return teams.map(([teamId, team], t) => {
      const result = scoreFromState(challenge, outcomes[t], states[t]);
      return {
        kind: 'team',
        key: teamId,
        profileId: null,
        teamId,
        memberCount: team.length,
        progress: outcomes[t].progress,
        goalReached: outcomes[t].goalReached,
        score: result.score,
        reachedAt: result.reachedAt,
      };
    });
  }
}

/** Whether a team board scores repetition, folding each team's state over periods 0..selected. */
function foldsTeamPeriods(challenge: Challenge): boolean {
  return challenge.goalValue !== null && challenge.repetition !== 'NONE';
}

/** The rule whose repetition state scores an INDIVIDUAL board, or null: its progress. */
function repetitionOf(challenge: Challenge): 'STREAK' | 'STICK TO IT' | null {
  return keepsRepetitionState(challenge) ? challenge.repetition : null;
}

/** A member's entry on an INDIVIDUAL board. */
function standingEntry(standing: MemberPeriodStanding): LeaderboardEntry {
  return profileEntry(standing, standing.progress, standing.goalReached, standing.score, standing.scoreAt);
}

/** A member's entry on a profiles or team_members board. */
function profileEntry(member: Pick<ChallengeMember, 'profileId' | 'teamId'>, progress: number, goalReached: boolean, score: number, reachedAt: Date | null): LeaderboardEntry {
  return {
    kind: 'profile',
    key: member.profileId,
    profileId: member.profileId,
    teamId: member.teamId,
    memberCount: 1,
    progress,
    goalReached,
    score,
    reachedAt,
  };
}

/** One team's outcome in one period from its members' stored scores of that period. */
function teamOutcome(
  challenge: Challenge,
  team: readonly ChallengeMember[],
  scores: ReadonlyMap<string, MemberPeriodOutcome> | undefined,
): PeriodOutcome {
  const own = team.map((member) => scores?.get(member.profileId));
  const progress = aggregateProgress(
    challenge.calculationMethod,
    own.map((score) => score?.progress ?? 0),
    team.length,
  );
  const reachedAt = latest(own.map((score) => score?.reachedAt ?? null));
  const goalReached = challenge.goalValue !== null && progress >= challenge.goalValue;
  return { progress, goalReached, goalReachedAt: goalReached ? reachedAt : null, reachedAt };
}

/**
 * For TEAM and GROUP challenges, whether a member's subject (its team, or the group) reached the
 * selected period's goal.
 */
function subjectGoalReached(
  challenge: Challenge,
  members: readonly ChallengeMember[],
  byProfile: ReadonlyMap<string, MemberPeriodOutcome>,
): (member: ChallengeMember) => boolean {
  const goal = challenge.goalValue;
  const reached = (subject: readonly ChallengeMember[]): boolean =>
    goal !== null &&
    aggregateProgress(
      challenge.calculationMethod,
      subject.map((member) => byProfile.get(member.profileId)?.progress ?? 0),
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

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { MAX_CHALLENGE_PERIODS } from '@strive/domain';
import { ChallengeMemberView, TeamRef } from './challenge.dto';
import { BoundedOffsetPageQuery, PeriodIndex } from './input-rules';

/** Challenge leaderboards: leaderboard/, leaderboard_history/, team/, team/{id}/, periods/. */

const EXAMPLE_ID = '5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f';

export class DateRangeQuery {
  @ApiPropertyOptional({
    minimum: 0, maximum: MAX_CHALLENGE_PERIODS - 1, example: 0,
    description: '0-based index of a period as listed by periods/; omitted: the current period.',
  })
  @PeriodIndex(MAX_CHALLENGE_PERIODS)
  date_range?: number;
}

export class LeaderboardQuery extends BoundedOffsetPageQuery {
  @ApiPropertyOptional({
    minimum: 0, maximum: MAX_CHALLENGE_PERIODS - 1, example: 0,
    description: '0-based index of a period as listed by periods/; omitted: the current period.',
  })
  @PeriodIndex(MAX_CHALLENGE_PERIODS)
  date_range?: number;
}

export class ChallengePeriodView {
  @ApiProperty({ example: 0, description: 'The 0-based index: the date_range value of this period.' })
  date_range!: number;

  @ApiProperty({ format: 'date-time', example: '2026-03-02T00:00:00.000Z', description: 'Inclusive.' })
  start!: string;

  @ApiProperty({ format: 'date-time', example: '2026-03-03T00:00:00.000Z', description: 'Exclusive.' })
  end!: string;

  @ApiProperty({ example: true, description: 'The period containing now (the first before the start, the last after the end).' })
  is_current!: boolean;
}

export class LeaderboardProfileEntry {
  @ApiProperty({ example: 1, description: '1-based standard competition rank (1224): equal scores share a rank.' })
  rank!: number;

  @ApiProperty({
    example: 12000,
    description:
      'INDIVIDUAL: the repetition score (NONE: progress in the period; STREAK: longest run of reached periods up to it; STICK TO IT: reached periods up to it). TEAM and GROUP: the member\'s contribution in the period.',
  })
  score!: number;

  @ApiProperty({ example: 12000, description: "The member's own progress in the selected period (goal type unit)." })
  progress!: number;

  @ApiProperty({ example: true, description: "Whether the selected period's goal was reached: by the member (INDIVIDUAL), its team (TEAM), the group (GROUP)." })
  goal_reached!: boolean;

  @ApiProperty({ type: ChallengeMemberView })
  profile!: ChallengeMemberView;

  @ApiProperty({ type: TeamRef, nullable: true, description: 'The team the member plays for (TEAM challenges).' })
  team!: TeamRef | null;
}

export class LeaderboardTeamEntry {
  @ApiProperty({ example: 1 })
  rank!: number;

  @ApiProperty({ example: 3, description: "The team's repetition score over its team progress (NONE: progress in the period)." })
  score!: number;

  @ApiProperty({ example: 21000, description: 'SUM or AVERAGE of the members\' contributions in the selected period.' })
  progress!: number;

  @ApiProperty({ example: true })
  goal_reached!: boolean;

  @ApiProperty({ type: TeamRef })
  team!: TeamRef;

  @ApiProperty({ example: 5, description: 'Members playing for the team.' })
  num_members!: number;
}

export class LeaderboardProfileAndTeam {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID })
  challenge!: string;

  @ApiProperty({ type: ChallengePeriodView })
  period!: ChallengePeriodView;

  @ApiProperty({ example: 120, description: 'Ranked members.' })
  count!: number;

  @ApiProperty({ type: String, format: 'uri', nullable: true, example: null })
  next!: string | null;

  @ApiProperty({ type: String, format: 'uri', nullable: true, example: null })
  previous!: string | null;

  @ApiProperty({ type: [LeaderboardProfileEntry], description: 'One page of the member ranking (limit, offset).' })
  results!: LeaderboardProfileEntry[];

  @ApiProperty({ type: LeaderboardProfileEntry, nullable: true, description: "The requesting profile's own entry, also outside the page; null for an administrator or a non-member." })
  requester!: LeaderboardProfileEntry | null;

  @ApiProperty({ type: [LeaderboardTeamEntry], description: 'TEAM challenges: the first 100 teams of the team ranking; empty otherwise.' })
  teams!: LeaderboardTeamEntry[];
}

export class LeaderboardTeamPage {
  @ApiProperty({ example: 2 })
  count!: number;

  @ApiProperty({ type: String, format: 'uri', nullable: true, example: null })
  next!: string | null;

  @ApiProperty({ type: String, format: 'uri', nullable: true, example: null })
  previous!: string | null;

  @ApiProperty({ type: [LeaderboardTeamEntry] })
  results!: LeaderboardTeamEntry[];

  @ApiProperty({ type: ChallengePeriodView })
  period!: ChallengePeriodView;

  @ApiProperty({ type: LeaderboardTeamEntry, nullable: true, description: "The requesting profile's team entry, null if it has none." })
  requester!: LeaderboardTeamEntry | null;
}

export class LeaderboardProfile {
  @ApiProperty({ type: TeamRef })
  team!: TeamRef;

  @ApiProperty({ type: ChallengePeriodView })
  period!: ChallengePeriodView;

  @ApiProperty({ example: 21000, description: "The team's progress in the period (SUM or AVERAGE)." })
  progress!: number;

  @ApiProperty({ example: 3 })
  count!: number;

  @ApiProperty({ type: [LeaderboardProfileEntry], description: "Every member playing for the team, ranked by contribution." })
  results!: LeaderboardProfileEntry[];
}

export class LeaderboardHistoryEntry {
  @ApiProperty({ example: 0 })
  date_range!: number;

  @ApiProperty({ format: 'date-time', example: '2026-03-02T00:00:00.000Z' })
  start!: string;

  @ApiProperty({ format: 'date-time', example: '2026-03-03T00:00:00.000Z' })
  end!: string;

  @ApiProperty({ example: 10500, description: "The profile's progress (its contribution in TEAM and GROUP challenges) in the period." })
  progress!: number;

  @ApiProperty({ example: true, description: "Whether the profile's own progress reached the goal in the period." })
  goal_reached!: boolean;

  @ApiProperty({ example: 3, description: 'The leaderboard score with this period selected.' })
  score!: number;
}

export class LeaderboardHistory {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID })
  challenge!: string;

  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID })
  profile!: string;

  @ApiProperty({ type: [LeaderboardHistoryEntry], description: 'Every period from the one the profile joined in up to the current one.' })
  results!: LeaderboardHistoryEntry[];
}

import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Fills the state columns of every existing row from the stored outcomes (the same fold as the
 * domain's nextRepetitionState; rows never reached keep the defaults).
 */
export const FILL_REPETITION_STATE = `
  WITH ordered AS (
    SELECT app_id, challenge_id, profile_id, period_index, goal_reached, goal_reached_at,
           (NOT goal_reached OR period_index - coalesce(lag(period_index) OVER w, -1) > 1)::int AS breaks,
           sum(goal_reached::int) OVER w AS reached_count
    FROM "member_period_score" WINDOW w AS (PARTITION BY challenge_id, profile_id ORDER BY period_index)),
  islands AS (
    SELECT *, sum(breaks) OVER (PARTITION BY challenge_id, profile_id ORDER BY period_index) AS island FROM ordered),
  runs AS (
    SELECT *, sum(goal_reached::int) OVER (PARTITION BY challenge_id, profile_id, island ORDER BY period_index) AS current_run FROM islands),
  best AS (
    SELECT *, max(current_run) OVER w AS best_run,
           coalesce(max(current_run) OVER (w ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS best_before
    FROM runs WINDOW w AS (PARTITION BY challenge_id, profile_id ORDER BY period_index)),
  marked AS (
    SELECT *, sum((current_run > best_before)::int) OVER (PARTITION BY challenge_id, profile_id ORDER BY period_index) AS best_group FROM best),
  state AS (
    SELECT app_id, challenge_id, profile_id, period_index, current_run, best_run, reached_count,
           CASE WHEN best_group > 0 THEN first_value(goal_reached_at) OVER (PARTITION BY challenge_id, profile_id, best_group ORDER BY period_index) END AS best_run_at,
           CASE WHEN reached_count > 0 THEN first_value(goal_reached_at) OVER (PARTITION BY challenge_id, profile_id, reached_count ORDER BY period_index) END AS reached_count_at
    FROM marked)
  UPDATE "member_period_score" s SET "current_run" = t.current_run, "best_run" = t.best_run, "best_run_at" = t.best_run_at,
    "reached_count" = t.reached_count, "reached_count_at" = t.reached_count_at
  FROM state t
  WHERE s.app_id = t.app_id AND s.challenge_id = t.challenge_id AND s.profile_id = t.profile_id AND s.period_index = t.period_index
    AND t.reached_count > 0`;

/**
 * The repetition state of each member and period (domain RepetitionState, folded over the
 * member's periods 0..period_index), so a STREAK or STICK TO IT board reads one period's rows.
 * Existing rows are filled in SQL with the same fold: runs of reached periods (a missing period
 * breaks a run), the longest one and when it was first completed (a strictly longer run), the
 * count of reached periods and when the last one was reached.
 */
export class RepetitionState1795551000000 implements MigrationInterface {
  name = 'RepetitionState1795551000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "member_period_score" ADD "current_run" integer NOT NULL DEFAULT '0', ADD "best_run" integer NOT NULL DEFAULT '0', ` +
        `ADD "best_run_at" TIMESTAMP WITH TIME ZONE, ADD "reached_count" integer NOT NULL DEFAULT '0', ADD "reached_count_at" TIMESTAMP WITH TIME ZONE`,
    );
    await queryRunner.query(FILL_REPETITION_STATE);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "member_period_score" DROP COLUMN "reached_count_at", DROP COLUMN "reached_count", DROP COLUMN "best_run_at", ` +
        `DROP COLUMN "best_run", DROP COLUMN "current_run"`,
    );
  }
}

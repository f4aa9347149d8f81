import { Challenge, LeaderboardView } from '@strive/domain';

/** Per challenge object (immutable: a change reads a new one), the keys of its boards. */
const BOARD_KEYS = new WeakMap<Challenge, Map<string, string>>();
/** Keys kept per challenge object: team/{id}/ takes any team id, so they are forgotten beyond this (and built again). */
const MAX_BOARD_KEYS = 256;

/**
 * The board's key: the challenge, its rules and dates (a board is only ever patched under the
 * rules it was built with; the dates cut its periods), the view, period and team. Built once per
 * challenge object and board: every leaderboard read looks its board up with the same string,
 * whose hash is then computed once. An INDIVIDUAL challenge's goal value is left out (whether it
 * has one stays in): its boards show the members' stored scores as they are, whatever the goal, so
 * a new goal keeps them, and the rescoring it starts patches them member by member; the first
 * reader does not wait for a whole new board (0.8-1.0 s at 100,000 members). Team and group
 * outcomes compare progress with the goal when a board is built: there the value is in the key.
 */
export function boardKey(challenge: Challenge, view: LeaderboardView, periodIndex: number, teamId: string | undefined): string {
  let keys = BOARD_KEYS.get(challenge);
  if (!keys) BOARD_KEYS.set(challenge, (keys = new Map()));
  const board = `${view}|${periodIndex}|${teamId ?? ''}`;
  let key = keys.get(board);
  if (key === undefined) {
    const goal = challenge.type === 'INDIVIDUAL' ? challenge.goalValue !== null : challenge.goalValue;
    const rules = [
      challenge.type, challenge.goal, goal, challenge.repetition, challenge.calculationMethod, challenge.timezone,
      challenge.start.getTime(), challenge.end.getTime(),
    ];
    key = `${challenge.id}|${rules.join('|')}|${board}`;
    if (keys.size >= MAX_BOARD_KEYS) keys.clear();
    keys.set(board, key);
  }
  return key;
}

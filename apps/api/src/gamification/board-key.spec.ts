import { ChallengeMother } from '@strive/domain/testing';
import { boardKey } from './board-key';

describe('boardKey', () => {
  it('gives a challenge object the very same string for the same board, and each board its own', () => {
    const challenge = ChallengeMother.create();
    const key = boardKey(challenge, 'profiles', 3, undefined);
    expect(boardKey(challenge, 'profiles', 3, undefined)).toBe(key);
    expect(new Set([
      key,
      boardKey(challenge, 'teams', 3, undefined),
      boardKey(challenge, 'profiles', 4, undefined),
      boardKey(challenge, 'team_members', 3, 'team-a'),
      boardKey(challenge, 'team_members', 3, 'team-b'),
    ]).size).toBe(5);
  });

  it('keeps a board across a re-read of the challenge (a new object, same rules and dates), not across a rule or date change', () => {
    const challenge = ChallengeMother.create();
    const key = boardKey(challenge, 'profiles', 0, undefined);
    expect(boardKey(ChallengeMother.create({ title: 'Renamed' }), 'profiles', 0, undefined)).toBe(key);
    const changed = [
      ChallengeMother.create({ goalValue: null }),
      ChallengeMother.create({ repetition: 'STREAK' }),
      ChallengeMother.create({ calculationMethod: 'AVERAGE' }),
      ChallengeMother.create({ timezone: 'Europe/Paris' }),
      ChallengeMother.create({ start: new Date('2026-03-01T00:00:00Z') }),
      ChallengeMother.create({ end: new Date('2026-03-10T00:00:00Z') }),
      ChallengeMother.create({ id: 'challenge-2' }),
    ];
    for (const other of changed) expect(boardKey(other, 'profiles', 0, undefined)).not.toBe(key);
  });

  it("keeps an INDIVIDUAL challenge's boards across a new goal value (they show stored scores), not a TEAM or GROUP challenge's", () => {
    const individual = ChallengeMother.create();
    expect(boardKey(ChallengeMother.create({ goalValue: 12_000 }), 'profiles', 0, undefined)).toBe(boardKey(individual, 'profiles', 0, undefined));
    for (const type of ['TEAM', 'GROUP'] as const) {
      const key = boardKey(ChallengeMother.create({ type }), 'profiles', 0, undefined);
      expect(boardKey(ChallengeMother.create({ type, goalValue: 12_000 }), 'profiles', 0, undefined)).not.toBe(key);
    }
  });

  it('still answers the same key after many boards of one challenge object (the kept keys are bounded)', () => {
    const challenge = ChallengeMother.create({ type: 'TEAM' });
    const first = boardKey(challenge, 'team_members', 0, 'team-0');
    for (let i = 1; i <= 1_000; i++) boardKey(challenge, 'team_members', 0, `team-${i}`);
    expect(boardKey(challenge, 'team_members', 0, 'team-0')).toBe(first);
  });
});

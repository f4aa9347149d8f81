import { ChallengeMother } from '../../testing/challenge-mother';
import { canSelfJoin, challengesForProfile, isChallengeVisibleTo } from './visibility';

const RUNNING = new Date('2026-03-04T10:00:00Z');

describe('challenge visibility', () => {
  const open = ChallengeMother.create({ id: 'public-open', start: new Date('2026-03-03T00:00:00Z') });
  const ended = ChallengeMother.create({ id: 'public-ended', end: new Date('2026-03-04T00:00:00Z') });
  const privateOne = ChallengeMother.create({ id: 'private', visibility: 'PRIVATE' });
  const privateJoined = ChallengeMother.create({ id: 'private-joined', visibility: 'PRIVATE' });

  it.each([
    ['PUBLIC, not a member', open, false, true],
    ['PRIVATE, not a member', privateOne, false, false],
    ['PRIVATE, pre-enrolled member', privateOne, true, true],
  ])('%s: visible = %s', (_, challenge, isMember, visible) => {
    expect(isChallengeVisibleTo(challenge, isMember)).toBe(visible);
  });

  it.each([
    ['a running PUBLIC challenge', open, false, true],
    ['one it is already in', open, true, false],
    ['a PRIVATE challenge', privateOne, false, false],
    ['an ended challenge', ended, false, false],
  ])('self-join of %s: %s', (_, challenge, isMember, joinable) => {
    expect(canSelfJoin(challenge, isMember, RUNNING)).toBe(joinable);
  });

  it('lists joined challenges (ended included) and joinable ones, by start then id', () => {
    const list = challengesForProfile([open, ended, privateJoined, privateOne], new Set(['private-joined', 'public-ended']), RUNNING);
    const reversed = challengesForProfile([privateOne, privateJoined, ended, open], new Set(['private-joined', 'public-ended']), RUNNING);
    expect(reversed).toEqual(list);
    expect(list.map((e) => [e.challenge.id, e.joined])).toEqual([
      ['private-joined', true], // starts 2026-03-02, id 'private-joined' < 'public-ended'
      ['public-ended', true],
      ['public-open', false], // starts 2026-03-03
    ]);
  });
});

import { ChallengeMother } from '../../testing/challenge-mother';
import { MembershipErrorCode } from './membership-error';
import { assertVisibleToActor, canSelfJoin, challengesForProfile, isChallengeVisibleTo, visibleChallenges } from './visibility';

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

  it('keeps the challenges a profile may see, in their order', () => {
    expect(visibleChallenges([privateOne, open, privateJoined], new Set(['private-joined'])).map((c) => c.id)).toEqual(['public-open', 'private-joined']);
  });

  it('narrows joinable challenges to the window; joined ones stay unless ended before endedAfter', () => {
    const later = ChallengeMother.create({ id: 'later', start: new Date('2026-04-01T00:00:00Z'), end: new Date('2026-04-10T00:00:00Z') });
    const list = (window: Parameters<typeof challengesForProfile>[3]) =>
      challengesForProfile([open, ended, later], new Set(['public-ended']), RUNNING, window).map((e) => e.challenge.id);
    expect(list({})).toEqual(['public-ended', 'public-open', 'later']);
    // to before April: the upcoming challenge is out; from after the open one ends: it is out too.
    expect(list({ to: new Date('2026-03-31T00:00:00Z') })).toEqual(['public-ended', 'public-open']);
    expect(list({ from: new Date('2026-03-20T00:00:00Z') })).toEqual(['public-ended', 'later']);
    // endedAfter at the joined challenge's end drops it (it ended at, not after, that instant).
    expect(list({ endedAfter: ended.end })).toEqual(['public-open', 'later']);
  });

  it('refuses a profile\'s move on a challenge it may not see as "not found"; administrators are not concerned', () => {
    expect(() => assertVisibleToActor(privateOne, 'profile', false)).toThrow(expect.objectContaining({ code: MembershipErrorCode.ChallengeNotFound }));
    expect(() => assertVisibleToActor(privateOne, 'profile', true)).not.toThrow();
    expect(() => assertVisibleToActor(privateOne, 'admin', false)).not.toThrow();
    expect(() => assertVisibleToActor(open, 'profile', false)).not.toThrow();
  });
});

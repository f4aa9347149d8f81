import { jsonNestsDeeperThan, textAndKeyProblems, unstorableText } from './safe-input';

describe(jsonNestsDeeperThan.name, () => {
  it('counts nesting of objects and arrays, not brackets inside strings', () => {
    expect(jsonNestsDeeperThan('{"a":[1,{"b":[]}]}', 4)).toBe(false);
    expect(jsonNestsDeeperThan('{"a":[1,{"b":[]}]}', 3)).toBe(true);
    // An escaped quote does not end the string: the brackets after it are still text.
    expect(jsonNestsDeeperThan('{"a":"\\"[[[[{{{{"}', 1)).toBe(false);
    expect(jsonNestsDeeperThan('{"a":"\\\\"}', 1)).toBe(false);
    expect(jsonNestsDeeperThan(`${'['.repeat(65)}${']'.repeat(65)}`, 64)).toBe(true);
    expect(jsonNestsDeeperThan(`${'['.repeat(64)}${']'.repeat(64)}`, 64)).toBe(false);
  });
});

describe(unstorableText.name, () => {
  it('refuses NUL and unpaired surrogates, accepts pairs and ordinary text', () => {
    expect(unstorableText('a\u0000b')).toMatch(/NUL/);
    expect(unstorableText('a\ud800')).toMatch(/unpaired surrogate/);
    expect(unstorableText('\udc00a')).toMatch(/unpaired surrogate/);
    expect(unstorableText('\ud83c\udfc3 run')).toBeNull();
    expect(unstorableText('Zoë ✓')).toBeNull();
  });
});

describe(textAndKeyProblems.name, () => {
  it('names every bad value and key with its path, and refuses constructor keys', () => {
    const problems = textAndKeyProblems({ workout: [{ name: 'ok' }, { name: 'x\u0000', 'k\u0000': 1 }], constructor: {} });
    expect(problems.map((p) => p.field).sort()).toEqual(['constructor', 'workout[1].k\\u0000', 'workout[1].name']);
  });

  it('reports at most 20 problems', () => {
    expect(textAndKeyProblems(Array.from({ length: 100 }, () => '\u0000'))).toHaveLength(20);
  });
});

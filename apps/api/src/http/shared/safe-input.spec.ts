import fc from 'fast-check';
import { jsonNestsDeeperThan, jsonTextMayHoldUnsafeInput, textAndKeyProblems, unstorableText } from './safe-input';

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

describe(jsonTextMayHoldUnsafeInput.name, () => {
  it('is true for every JSON text whose parsed value has a problem', () => {
    // Strings of any UTF-16 code units (NUL, unpaired surrogates) as values and keys, and constructor keys.
    const text = fc.oneof(fc.string({ unit: 'binary' }), fc.constantFrom('\u0000', '\ud800', 'x\udc00', 'constructor', 'ok'));
    const value = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small' }, text, fc.integer(), fc.array(tie('node'), { maxLength: 4 }), fc.dictionary(text, tie('node'), { maxKeys: 4 })),
    })).node;
    fc.assert(
      fc.property(value, (v) => {
        const json = JSON.stringify(v);
        if (textAndKeyProblems(JSON.parse(json)).length > 0) expect(jsonTextMayHoldUnsafeInput(json)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('is false for ordinary bodies, whose parsed value then has no problem', () => {
    const body = '{"source":"GARMIN","daily_summary":[{"external_id":"d1","date":"2026-11-20","steps":8000,"name":"Zoë \\\\ ✓"}]}';
    expect(jsonTextMayHoldUnsafeInput(body)).toBe(false);
    expect(textAndKeyProblems(JSON.parse(body))).toEqual([]);
    expect(jsonTextMayHoldUnsafeInput('{"a":"\\\\u0000"}')).toBe(true); // an escaped backslash before u: walked, harmless
  });

  it('relies on UTF-8 decoding: an encoded lone surrogate arrives as U+FFFD, never as a surrogate', () => {
    const decoded = Buffer.from([0x22, 0xed, 0xa0, 0x80, 0x22]).toString('utf8');
    expect(jsonTextMayHoldUnsafeInput(decoded)).toBe(false);
    expect(unstorableText(JSON.parse(decoded))).toBeNull();
  });
});

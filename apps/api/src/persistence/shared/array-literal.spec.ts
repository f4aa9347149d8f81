import { arrayLiteral } from './array-literal';

describe('arrayLiteral', () => {
  it('writes numbers and booleans bare, null for NULL, and text quoted with its quotes and backslashes escaped', () => {
    expect(arrayLiteral([])).toBe('{}');
    expect(arrayLiteral([1, -2.5, 1e21, 5e-7, 0.1 + 0.2])).toBe('{1,-2.5,1e+21,5e-7,0.30000000000000004}');
    expect(arrayLiteral([true, false, null])).toBe('{true,false,null}');
    expect(arrayLiteral(['a', 'NULL', '', 'x,y', '{1,2}', 'say "hi"', 'back\\slash'])).toBe(
      '{"a","NULL","","x,y","{1,2}","say \\"hi\\"","back\\\\slash"}',
    );
  });

  it('refuses text with control characters, which JSON escapes as the array syntax does not read them', () => {
    expect(() => arrayLiteral(['line\nbreak'])).toThrow('control characters');
    expect(() => arrayLiteral(['nul\u0000'])).toThrow('control characters');
    expect(() => arrayLiteral(['lone \ud800'])).toThrow('control characters');
    expect(() => arrayLiteral(['tab\there', 'bell\b', 'feed\f', 'return\r'])).toThrow('control characters');
    expect(() => arrayLiteral(['ok', 'a backslash, then a break: \\\n'])).toThrow('control characters');
    expect(arrayLiteral(['\u{1F3C3}'])).toBe('{"\u{1F3C3}"}');
  });

  it('takes text whose backslashes only precede letters that escapes use', () => {
    // The JSON text of these has \\ before n, t and u: escaped backslashes, not escapes.
    expect(arrayLiteral(['back\\nslash', 'C:\\temp', '\\u0041', '\\\\n'])).toBe(
      '{"back\\\\nslash","C:\\\\temp","\\\\u0041","\\\\\\\\n"}',
    );
  });
});

/** A value of a one-dimensional array parameter: text, a number, a boolean or NULL. */
export type ArrayElement = string | number | boolean | null;

/**
 * In JSON text, an escape the array syntax reads otherwise: an odd run of backslashes (the last
 * one unescaped) before `b`, `f`, `n`, `r`, `t` or `u`, which JSON.stringify writes for control
 * characters and lone surrogates. Its `\"` and `\\` the array syntax reads alike.
 */
const JSON_ONLY_ESCAPE = /(?<!\\)(?:\\\\)*\\[bfnrtu]/;

/**
 * The PostgreSQL text form of a one-dimensional array (`{1,"a\"b",null}`), for a parameter cast
 * to a typed array (`$1::uuid[]`, `$2::double precision[]`). Bulk writes send one such parameter
 * per column (see TypeOrmScoreRepository.saveMany): no key names per row as in JSON, and the
 * server parses each element with its type's input function alone.
 *
 * It is the JSON text of the values in braces: JSON quotes text and escapes its `"` and `\` as
 * the array syntax does, writes numbers as the shortest text that reads back as the same double,
 * and `null`, which the array syntax reads as NULL. JSON.stringify does it natively; pg's own
 * conversion of a JavaScript array quotes and escapes every element, numbers too, at about twice
 * the time, and a per-element concatenation here doubled the rescoring job's garbage collection.
 * Text with control characters or lone surrogates (which JSON escapes as \b, \n, \uXXXX and the
 * like, read otherwise by the array syntax) is refused: ids never have them. That is checked on
 * the finished text, not element by element (a rescoring job's columns are ids and numbers,
 * whose text has no backslash at all: 13 % of a 100,000-member first scoring's JavaScript went
 * to a test per element; docs/benchmarks.md "Fifteenth session").
 */
export function arrayLiteral(values: readonly ArrayElement[]): string {
  const json = JSON.stringify(values);
  if (json.includes('\\') && JSON_ONLY_ESCAPE.test(json)) throw new Error('arrayLiteral takes no text with control characters.');
  return `{${json.slice(1, -1)}}`;
}

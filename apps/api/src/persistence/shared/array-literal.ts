/** A value of a one-dimensional array parameter: text, a number, a boolean or NULL. */
export type ArrayElement = string | number | boolean | null;

/** What JSON escapes otherwise than PostgreSQL's array syntax reads it: control characters and lone surrogates. */
const JSON_ONLY_ESCAPES = /[\u0000-\u001f]|\p{Cs}/u;

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
 * Text with control characters or lone surrogates (which JSON escapes as \uXXXX, read otherwise by
 * the array syntax) is refused: ids never have them.
 */
export function arrayLiteral(values: readonly ArrayElement[]): string {
  for (const value of values) {
    if (typeof value === 'string' && JSON_ONLY_ESCAPES.test(value)) throw new Error('arrayLiteral takes no text with control characters.');
  }
  return `{${JSON.stringify(values).slice(1, -1)}}`;
}

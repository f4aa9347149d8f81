import { FieldError } from '../problem/problem-details';

/** How deep a JSON body may nest (objects and arrays); the deepest upload schema needs 4. */
export const MAX_JSON_DEPTH = 64;

/** Problems reported per request at most: a body full of bad strings should not make a huge answer. */
const MAX_REPORTED = 20;

/**
 * Whether the JSON text nests deeper than `max`. A scan of the text, before parsing, so a
 * body of 10,000 brackets never becomes a structure that validation walks recursively.
 */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const UNPRINTABLE = new RegExp(`\\u0000|${LONE_SURROGATE.source}`, 'g');

/**
 * Why a text cannot be stored, or null when it can: PostgreSQL refuses NUL in text and
 * jsonb, and an unpaired surrogate in jsonb (in a text column it would silently become U+FFFD).
 */
export function unstorableText(text: string): string | null {
  if (text.includes('\u0000')) return 'must not contain a NUL character (\\u0000)';
  if (LONE_SURROGATE.test(text)) return 'must be valid Unicode (it has an unpaired surrogate)';
  return null;
}

/**
 * Whether parsing this JSON text can give a string or key that textAndKeyProblems refuses. Only
 * a \u escape puts NUL or an unpaired surrogate into a parsed string (JSON refuses raw control
 * characters, and decoding the body as UTF-8 turns invalid byte sequences into U+FFFD), and a
 * `constructor` key is spelled out unless escaped. Most bodies have neither and skip the walk
 * (2 ms of an upload of 500 daily summaries).
 */
export function jsonTextMayHoldUnsafeInput(text: string): boolean {
  return text.includes('\\u') || text.includes('constructor');
}

/** A field name as it can be shown in a problem: unstorable characters as \u escapes. */
function printable(key: string): string {
  return key.replace(UNPRINTABLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The path of a child in the notation of the validation errors: `workout[3].name`. */
function childPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  return parent ? `${parent}.${printable(key)}` : printable(key);
}

/**
 * Every string (value or key) of `value` that cannot be stored, and every `constructor` key,
 * with its path in the notation of the validation errors (`workout[3].name`). Iterative: the depth is bounded
 * by the parser, but the walk should not depend on it. A path is only built for a problem or a
 * container to walk into (a request's query and path parameters are checked with none).
 */
export function textAndKeyProblems(value: unknown, root = ''): FieldError[] {
  const errors: FieldError[] = [];
  // [item, its parent's path, its key or index there (null: the root, whose path is `root`)]
  const stack: [unknown, string, string | number | null][] = [[value, root, null]];
  while (stack.length > 0 && errors.length < MAX_REPORTED) {
    const [item, parent, at] = stack.pop() as [unknown, string, string | number | null];
    if (typeof item === 'string') {
      const problem = unstorableText(item);
      if (problem) {
        const path = at === null ? parent : childPath(parent, at);
        errors.push({ field: path || 'body', message: `${path || 'the body'} ${problem}` });
      }
    } else if (typeof item === 'object' && item !== null) {
      const path = at === null ? parent : childPath(parent, at);
      if (Array.isArray(item)) {
        for (let i = item.length - 1; i >= 0; i--) stack.push([item[i], path, i]);
        continue;
      }
      const keys = Object.keys(item);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i];
        const keyProblem = unstorableText(key);
        if (keyProblem) errors.push({ field: childPath(path, key), message: `the field name ${keyProblem}` });
        // No schema has it, and validation would take it for the object's own constructor and let it pass.
        else if (key === 'constructor') errors.push({ field: childPath(path, key), message: 'unknown field: constructor is not accepted here' });
        else stack.push([(item as Record<string, unknown>)[key], path, key]);
      }
    }
  }
  return errors;
}

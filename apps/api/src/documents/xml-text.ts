/** Text and attribute values escaped for XML 1.0; characters XML cannot carry are dropped. */
export function xml(value: string | number): string {
  return String(value)
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** An instant as XML Schema dateTime in UTC, to the millisecond when it has one. */
export const xmlTime = (date: Date) => date.toISOString().replace('.000Z', 'Z');

/**
 * The number written in value[from, to) in ASCII digits, or -1 when a character there is not one.
 * Date and duration fields of every uploaded record are read with it instead of a regular
 * expression's groups.
 */
export function digitsAt(value: string, from: number, to: number): number {
  let number = 0;
  for (let i = from; i < to; i++) {
    const digit = value.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return -1;
    number = number * 10 + digit;
  }
  return number;
}

/**
 * The approximate JSON size of a plain value, found by walking it without serialising it: the
 * event log weighs every event for its byte bound, and a JSON.stringify per event was a real
 * share of the work of each change (and a string of garbage per event).
 */

/** About the length of JSON.stringify(value): exact for strings without escapes, 8 per number. */
export function jsonSize(value: unknown): number {
  switch (typeof value) {
    case 'string':
      return value.length + 2;
    case 'number':
      return 8;
    case 'boolean':
      return 5;
    case 'object':
      return value === null ? 4 : objectSize(value);
    default:
      return 0;
  }
}

/** Brackets, plus each entry and the comma before every entry but the first. */
function objectSize(value: object): number {
  let n = 1;
  if (Array.isArray(value)) {
    for (const item of value as unknown[]) n += jsonSize(item) + 1;
    return Math.max(n, 2);
  }
  for (const key in value) {
    const item = (value as Record<string, unknown>)[key];
    if (item !== undefined) n += key.length + 4 + jsonSize(item);
  }
  return Math.max(n, 2);
}

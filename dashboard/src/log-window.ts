/**
 * Which rows of the events log are drawn: the newest `shown` or a few more. The window's first
 * row stays put while rows are appended and moves only when the window has grown `step` rows
 * past `shown`, so most frames only append rows to the list. A window that slid by a row or
 * two every frame made the page re-insert and restyle every row of the list every frame.
 * Pure, so it is unit-tested without a page.
 */
export function logWindowStart<T>(
  rows: readonly T[],
  first: T | undefined,
  shown: number,
  step: number,
): number {
  const floor = Math.max(0, rows.length - shown);
  if (first === undefined) return floor;
  // The first drawn row is near the front (the log drops its oldest rows in batches too).
  const at = rows.indexOf(first);
  if (at < 0 || at > floor || rows.length - at > shown + step) return floor;
  return at;
}

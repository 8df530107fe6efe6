/**
 * The change between two versions of an element's text, as `text.changed` events carry it: where
 * it starts, how much was removed there and what was inserted, the insert capped so that typing
 * into a long document costs a few bytes per event instead of the whole document. The cache
 * keeps the whole text; a client that needs all of it reads the element.
 */
import type { TextChange } from '../../protocol/src/index.js';

/** Inserted characters an event carries at most; more is cut and flagged `truncated`. */
export const TEXT_CHANGE_MAX_INSERTED = 1_000;

const isHigh = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number): boolean => code >= 0xdc00 && code <= 0xdfff;

/**
 * The smallest single change turning `before` into `after` (common prefix and suffix left
 * out), in UTF-16 offsets that never split a surrogate pair.
 */
export function textChange(
  before: string,
  after: string,
  maxInserted = TEXT_CHANGE_MAX_INSERTED,
): TextChange {
  const shorter = Math.min(before.length, after.length);
  let start = 0;
  while (start < shorter && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  // A pair whose high half matched and low half did not changed as a whole.
  if (start > 0 && isHigh(after.charCodeAt(start - 1))) start--;
  let end = 0;
  const room = shorter - start;
  while (
    end < room &&
    before.charCodeAt(before.length - 1 - end) === after.charCodeAt(after.length - 1 - end)
  )
    end++;
  if (end > 0 && isLow(after.charCodeAt(after.length - end))) end--;
  const removed = before.length - start - end;
  const inserted = after.slice(start, after.length - end);
  if (inserted.length <= maxInserted) return { start, removed, inserted };
  let cut = maxInserted;
  if (cut > 0 && isHigh(inserted.charCodeAt(cut - 1))) cut--;
  return { start, removed, inserted: inserted.slice(0, cut), truncated: true };
}

/** Apply a change that was not truncated (what a client holding the old text does). */
export function applyTextChange(text: string, change: TextChange): string {
  return text.slice(0, change.start) + change.inserted + text.slice(change.start + change.removed);
}

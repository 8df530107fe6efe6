/**
 * Scrolling: a container by its scroll bars' Value (Scroll), and one element into view by
 * `Component.ScrollTo` (ScrollItem) where the toolkit implements it (atspiActionPolicy.ts).
 * ScrollTo's reply only says the call was taken; a scroll is believed from its effect: the
 * element's extents intersect its window's and the toolkit reports it SHOWING (Chromium clears
 * SHOWING on what its scroll containers clip). Chromium scrolls in the renderer after replying,
 * so the effect is re-read with growing pauses before the action is failed with what was seen.
 */
import dbus from 'dbus-next';
import type { BackendEvent } from '../backend.js';
import { ActionFailedError, InvalidParamsError, PatternNotSupportedError } from '../../errors.js';
import type { ObjectRef } from './atspiBus.js';
import { delay } from './atspiConnect.js';
import type { AtspiReader } from './atspiFetch.js';
import { isPlacedRect } from './atspiActionPolicy.js';
import { idOf } from './atspiIds.js';
import { readRange } from './atspiProps.js';
import { topLevelOf } from './atspiRealInput.js';
import { hasState, ROLE, STATE_BIT, statesOf } from './atspiRoles.js';

const A = 'org.a11y.atspi.';
/** ATSPI_SCROLL_ANYWHERE: the least scrolling that brings the element into view. */
const SCROLL_ANYWHERE = 6;
/** Pauses between reads of the effect (the renderer scrolls in its next frames). */
const IN_VIEW_BACKOFF_MS = [0, 20, 50, 100, 200, 400, 800] as const;
/** Orientation bits of a scroll bar's state words. */
const VERTICAL = 29;
const HORIZONTAL = 14;

type Rect = [number, number, number, number];

/** What a read of the effect saw. */
interface Sight {
  rect: Rect;
  window: Rect;
  role: number;
  words: number[];
}

/** Set a Value interface's current value (one `Properties.Set`). */
export async function setValueProperty(
  reader: AtspiReader,
  ref: ObjectRef,
  value: number,
  signal: AbortSignal,
): Promise<void> {
  await reader.bus.call(
    {
      dest: ref[0],
      path: ref[1],
      iface: 'org.freedesktop.DBus.Properties',
      member: 'Set',
      signature: 'ssv',
      body: [A + 'Value', 'CurrentValue', new dbus.Variant('d', value)],
    },
    signal,
  );
}

/** Scroll a container by a tenth of its range per unit, through its scroll bar's Value. */
export async function scrollContainer(
  reader: AtspiReader,
  ref: ObjectRef,
  direction: string,
  amount: number,
  signal: AbortSignal,
): Promise<void> {
  if (!Number.isFinite(amount) || amount <= 0)
    throw new InvalidParamsError('amount must be a positive number');
  const vertical = direction === 'up' || direction === 'down';
  for (const bar of await reader.children(ref, signal)) {
    const [role, [words]] = await Promise.all([
      reader.role(bar, signal),
      reader.call(bar, 'Accessible', 'GetState', signal),
    ]);
    const orientation = hasState((words ?? []) as number[], vertical ? VERTICAL : HORIZONTAL);
    if (role !== ROLE.SCROLL_BAR || !orientation) continue;
    const { value: cur, min, max } = await readRange(reader.bus, bar, signal);
    const page = Math.max((max - min) / 10, 1);
    const sign = direction === 'down' || direction === 'right' ? 1 : -1;
    const target = Math.min(max, Math.max(min, cur + sign * page * amount));
    await setValueProperty(reader, bar, target, signal);
    return;
  }
  throw new PatternNotSupportedError('no scroll bar in that direction');
}

async function extents(reader: AtspiReader, ref: ObjectRef, signal: AbortSignal): Promise<Rect> {
  const [box] = await reader.call(ref, 'Component', 'GetExtents', signal, 'u', [0]);
  const [x = 0, y = 0, w = 0, h = 0] = (box ?? []) as number[];
  return [x, y, w, h];
}

async function look(
  reader: AtspiReader,
  ref: ObjectRef,
  top: ObjectRef,
  signal: AbortSignal,
): Promise<Sight> {
  const [rect, window, role, [words]] = await Promise.all([
    extents(reader, ref, signal),
    extents(reader, top, signal),
    reader.role(ref, signal),
    reader.call(ref, 'Accessible', 'GetState', signal),
  ]);
  return { rect, window, role, words: (words ?? []) as number[] };
}

function intersects(a: Rect, b: Rect): boolean {
  return a[0] < b[0] + b[2] && b[0] < a[0] + a[2] && a[1] < b[1] + b[3] && b[1] < a[1] + a[3];
}

function inView(s: Sight): boolean {
  return (
    isPlacedRect(s.rect) && intersects(s.rect, s.window) && hasState(s.words, STATE_BIT.SHOWING)
  );
}

/**
 * `Component.ScrollTo` (anywhere), confirmed by its effect. Returns the element's new extents
 * and states as a property event: toolkits announce neither when content scrolls.
 */
export async function scrollIntoView(
  reader: AtspiReader,
  ref: ObjectRef,
  signal: AbortSignal,
): Promise<BackendEvent> {
  const [taken] = await reader.call(ref, 'Component', 'ScrollTo', signal, 'u', [SCROLL_ANYWHERE]);
  if (taken === false) throw new ActionFailedError('ScrollTo was refused by the application');
  const top = await topLevelOf(reader, ref, signal);
  let seen: Sight | undefined;
  for (const pause of IN_VIEW_BACKOFF_MS) {
    if (pause > 0) await delay(pause, signal);
    seen = await look(reader, ref, top, signal);
    if (inView(seen)) break;
  }
  if (seen === undefined || !inView(seen)) {
    throw new ActionFailedError('the element is still out of view after Component.ScrollTo', {
      details: {
        reason: 'offscreen',
        rect: seen?.rect ?? null,
        window: seen?.window ?? null,
        showing: seen !== undefined && hasState(seen.words, STATE_BIT.SHOWING),
      },
    });
  }
  const [x, y, width, height] = seen.rect;
  const rect = { x, y, width, height };
  const { tree } = await reader.app(ref[0], signal);
  return {
    type: 'property',
    id: idOf(ref),
    props: { rect, states: statesOf(seen.role, seen.words, tree, rect) },
  };
}

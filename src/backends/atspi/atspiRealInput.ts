/**
 * Acting on an element with real X input instead of its AT-SPI action, for the toolkits whose
 * action handler can run a modal loop inside the call (see atspiActionPolicy.ts): find its screen
 * extents, open the menus it lives in when it is a closed menu's item, bring its window up, and
 * click its centre through XTest (xdotool). Also the window lookups the other actions share.
 */
import { ActionFailedError } from '../../errors.js';
import type { ObjectRef } from './atspiBus.js';
import { delay } from './atspiConnect.js';
import type { AtspiReader } from './atspiFetch.js';
import type { XInput } from './atspiInput.js';
import { isPlacedRect } from './atspiActionPolicy.js';
import { asString, isAppRoot, isNullRef } from './atspiIds.js';
import { getProp } from './atspiProps.js';
import { ROLE } from './atspiRoles.js';

const MAX_ANCESTORS = 64;
const MAX_MENU_DEPTH = 4;
/** Pauses between extents reads while a menu opens (the popup maps in the app's next frames). */
const PLACED_BACKOFF_MS = [10, 20, 40, 80, 160, 320, 640] as const;

export interface RealInputDeps {
  reader: AtspiReader;
  x: XInput;
  pidOf(busName: string, signal: AbortSignal): Promise<number | undefined>;
  /** The X server's own origin of a top-level X window (the window truth's view). */
  xOrigin?(wid: number): { x: number; y: number } | undefined;
  /** X pixels per pixel of the app's extents (1 unless its toolkit scales itself). */
  scaleOf?(busName: string): number;
}

export async function parentOf(
  reader: AtspiReader,
  ref: ObjectRef,
  signal: AbortSignal,
): Promise<ObjectRef> {
  const parent = await getProp(reader.bus, ref, 'Accessible', 'Parent', signal);
  return (Array.isArray(parent) ? parent : ['', '']) as ObjectRef;
}

export async function roleOf(
  reader: AtspiReader,
  ref: ObjectRef,
  signal: AbortSignal,
): Promise<number> {
  return reader.role(ref, signal);
}

/** The top-level window (the app root's child) that contains `ref`. */
export async function topLevelOf(
  reader: AtspiReader,
  ref: ObjectRef,
  signal: AbortSignal,
): Promise<ObjectRef> {
  let current = ref;
  for (let i = 0; i < MAX_ANCESTORS; i++) {
    const next = await parentOf(reader, current, signal);
    if (isNullRef(next) || isAppRoot(next)) return current;
    current = next;
  }
  throw new ActionFailedError('the element is nested too deeply to find its window');
}

/** The X window of a top-level accessible, found by its app's pid and its title. */
export async function xWindowOf(
  deps: RealInputDeps,
  ref: ObjectRef,
  signal: AbortSignal,
  visibleOnly = true,
): Promise<string> {
  const pid = await deps.pidOf(ref[0], signal);
  const title = asString(await getProp(deps.reader.bus, ref, 'Accessible', 'Name', signal));
  if (pid === undefined) throw new ActionFailedError('the window’s process is unknown');
  const [wid] = await deps.x.findWindows(pid, title, signal, visibleOnly);
  if (wid === undefined)
    throw new ActionFailedError(`no visible X window titled ${JSON.stringify(title)}`);
  return wid;
}

async function extentsOf(
  reader: AtspiReader,
  ref: ObjectRef,
  signal: AbortSignal,
): Promise<number[]> {
  const [box] = await reader.call(ref, 'Component', 'GetExtents', signal, 'u', [0]);
  return (box ?? []) as number[];
}

/** Re-read extents with backoff until the element is laid out on screen, or give up. */
async function placedExtents(
  reader: AtspiReader,
  ref: ObjectRef,
  signal: AbortSignal,
): Promise<number[] | undefined> {
  for (const pause of PLACED_BACKOFF_MS) {
    const box = await extentsOf(reader, ref, signal);
    if (isPlacedRect(box)) return box;
    await delay(pause, signal);
  }
  const last = await extentsOf(reader, ref, signal);
  return isPlacedRect(last) ? last : undefined;
}

/**
 * Open the closed menus `ref` lives in, outermost first. A menu's own action only pops its
 * popup up (no modal loop), so DoAction is safe on the menus themselves.
 */
async function openMenusAround(
  reader: AtspiReader,
  ref: ObjectRef,
  signal: AbortSignal,
  depth = 0,
): Promise<void> {
  const menu = await parentOf(reader, ref, signal);
  if (isNullRef(menu) || (await roleOf(reader, menu, signal)) !== ROLE.MENU) return;
  if (isPlacedRect(await extentsOf(reader, ref, signal))) return;
  if (depth < MAX_MENU_DEPTH && !isPlacedRect(await extentsOf(reader, menu, signal))) {
    await openMenusAround(reader, menu, signal, depth + 1);
  }
  await reader.call(menu, 'Action', 'DoAction', signal, 'i', [0]);
  await placedExtents(reader, ref, signal);
}

/**
 * Click the centre of an element with real input. Answers false, without input, when the
 * element is not laid out on screen (a closed popover's item): the caller falls back then.
 * `windowRelative`: the toolkit reports extents from its window's corner, not the screen's
 * (GTK 4 on X11 puts every window at 0,0): the X window's own origin is added.
 */
export async function clickElement(
  deps: RealInputDeps,
  ref: ObjectRef,
  role: number,
  signal: AbortSignal,
  windowRelative = false,
): Promise<boolean> {
  const menuItem =
    role === ROLE.MENU_ITEM ||
    role === ROLE.CHECK_MENU_ITEM ||
    role === ROLE.RADIO_MENU_ITEM ||
    role === ROLE.MENU;
  if (menuItem) await openMenusAround(deps.reader, ref, signal);
  const box = await placedExtents(deps.reader, ref, signal);
  if (box === undefined) return false;
  let origin = [0, 0];
  // Without a window manager, windows overlap freely: raise the element's window so the click
  // lands on it. A popup menu's item is left alone (raising its parent window would cover it).
  if (!menuItem || windowRelative) {
    const top = await topLevelOf(deps.reader, ref, signal);
    const wid = await xWindowOf(deps, top, signal).catch(() => undefined);
    if (wid !== undefined && !menuItem) await deps.x.run(['windowraise', wid], signal);
    if (wid !== undefined && windowRelative) {
      origin = await windowOffset(deps, top, wid, deps.scaleOf?.(ref[0]) ?? 1, signal);
    }
  }
  const [x = 0, y = 0, width = 0, height = 0] = box;
  const [dx = 0, dy = 0] = origin;
  const s = deps.scaleOf?.(ref[0]) ?? 1;
  const at = { x: dx + (x + width / 2) * s, y: dy + (y + height / 2) * s };
  await deps.x.input({ kind: 'click', ...at, button: 'left', count: 1 }, signal);
  return true;
}

/** How far the X window `wid` sits from where its toolkit says its window `top` is. */
async function windowOffset(
  deps: RealInputDeps,
  top: ObjectRef,
  wid: string,
  scale: number,
  signal: AbortSignal,
): Promise<number[]> {
  const origin = deps.xOrigin?.(Number(wid));
  if (origin === undefined) return [0, 0];
  const [tx = 0, ty = 0] = await extentsOf(deps.reader, top, signal);
  return [origin.x - tx * scale, origin.y - ty * scale];
}

/**
 * Pixels on macOS through `screencapture` (the system's own tool; CGWindowListCreateImage is
 * deprecated and gone in macOS 15): `-l<windowId>` for a window (found in CGWindowList by pid
 * and bounds), `-R` for a screen rectangle; `-x` no sound, `-o` no window shadow, `-t bmp` so
 * the host decodes it without an image library. Coordinates are points; a Retina image has
 * more pixels than points, reported as `scale`.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ActionFailedError, TimeoutError } from '../../errors.js';
import type { Rect } from '../../../protocol/src/index.js';
import type { CapturedImage } from '../backend.js';
import { cropRgba, decodeBmp } from './axBmp.js';
import type { CgWindow } from './axSurface.js';

const SCREENCAPTURE = '/usr/sbin/screencapture';

/** The CG window of an AX window: same pid, bounds within a point or two. */
export function matchCgWindow(
  windows: readonly CgWindow[],
  pid: number,
  rect: Rect,
): CgWindow | undefined {
  const near = (a: number, b: number): boolean => Math.abs(a - b) <= 2;
  return windows.find(
    (w) =>
      w.pid === pid &&
      w.layer === 0 &&
      near(w.bounds.x, rect.x) &&
      near(w.bounds.y, rect.y) &&
      near(w.bounds.width, rect.width) &&
      near(w.bounds.height, rect.height),
  );
}

/** screencapture's arguments for a window or a rectangle. */
export function captureArgs(target: { windowId: number } | { rect: Rect }, file: string): string[] {
  if ('windowId' in target) return ['-x', '-o', '-t', 'bmp', `-l${target.windowId}`, file];
  const { x, y, width, height } = target.rect;
  return ['-x', '-t', 'bmp', `-R${x},${y},${width},${height}`, file];
}

function run(args: string[], deadline: number): Promise<void> {
  const timeout = Math.max(1, deadline - Date.now());
  return new Promise((resolve, reject) => {
    execFile(SCREENCAPTURE, args, { timeout }, (err, _stdout, stderr) => {
      if (err === null) return resolve();
      if (err.killed)
        return reject(new TimeoutError(`screencapture took longer than ${timeout} ms`));
      reject(new ActionFailedError(`screencapture failed: ${stderr.trim() || err.message}`));
    });
  });
}

/**
 * Capture `rect` (points), through the window when one matches. The answer covers `rect`
 * exactly: a window image is cropped to it.
 */
export async function captureRect(
  rect: Rect,
  window: CgWindow | undefined,
  deadline: number,
): Promise<CapturedImage> {
  const dir = await mkdtemp(join(tmpdir(), 'uistream-ax-'));
  const file = join(dir, 'shot.bmp');
  try {
    const source = window?.bounds ?? rect;
    await run(
      captureArgs(window === undefined ? { rect } : { windowId: window.windowId }, file),
      deadline,
    );
    const image = decodeBmp(await readFile(file));
    const scale = source.width > 0 ? image.width / source.width : 1;
    const crop = cropRgba(
      image,
      (rect.x - source.x) * scale,
      (rect.y - source.y) * scale,
      rect.width * scale,
      rect.height * scale,
    );
    return { width: crop.width, height: crop.height, data: crop.data, rect, scale };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Window and app facts from outside AX: a CGWindowListCopyWindowInfo entry (a CFDictionary,
 * borrowed from the list) as a CgWindow (kCGWindowName is absent without Screen Recording: the
 * title is then empty), and an app's bundle id from its Info.plist.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { readCfString } from './axCf.js';
import { axNative, kCFNumberFloat64Type, readPointer, type AxNative } from './axNative.js';
import type { CgWindow } from './axSurface.js';

type CfRef = bigint;

function numberAt(n: AxNative, dict: CfRef, key: unknown): number | null {
  const value = n.CFDictionaryGetValue(dict, readPointer(key)) as CfRef | null;
  if (!value || n.CFGetTypeID(value) !== n.CFNumberGetTypeID()) return null;
  const out = [0];
  n.CFNumberGetValue(value, kCFNumberFloat64Type, out);
  return out[0] ?? null;
}

function stringAt(n: AxNative, dict: CfRef, key: unknown): string {
  const value = n.CFDictionaryGetValue(dict, readPointer(key)) as CfRef | null;
  if (!value || n.CFGetTypeID(value) !== n.CFStringGetTypeID()) return '';
  return readCfString(value);
}

export function windowInfo(n: AxNative, dict: CfRef | null): CgWindow | null {
  if (!dict) return null;
  const k = n.symbols;
  const windowId = numberAt(n, dict, k.kCGWindowNumber);
  const pid = numberAt(n, dict, k.kCGWindowOwnerPID);
  if (windowId === null || pid === null) return null;
  const boundsDict = n.CFDictionaryGetValue(dict, readPointer(k.kCGWindowBounds)) as CfRef | null;
  // An _Out_ struct: koffi fills the object's members.
  const r = { origin: { x: 0, y: 0 }, size: { width: 0, height: 0 } };
  if (boundsDict) n.CGRectMakeWithDictionaryRepresentation(boundsDict, r);
  return {
    windowId,
    pid,
    owner: stringAt(n, dict, k.kCGWindowOwnerName),
    title: stringAt(n, dict, k.kCGWindowName),
    layer: numberAt(n, dict, k.kCGWindowLayer) ?? 0,
    bounds: { x: r.origin.x, y: r.origin.y, width: r.size.width, height: r.size.height },
  };
}

/** A process's .app bundle: its bundle id, and whether it embeds Chromium (Electron, CEF). */
export interface BundleFacts {
  bundleId: string | null;
  chromium: boolean;
}

/** Frameworks whose apps keep their accessibility tree off until asked (AXManualAccessibility). */
const CHROMIUM_FRAMEWORKS = [
  'Electron Framework.framework',
  'Chromium Embedded Framework.framework',
];

function bundlePath(pid: number): string | null {
  const buffer = Buffer.alloc(4096);
  const length = axNative().proc_pidpath(pid, buffer, buffer.length) as number;
  if (length <= 0) return null;
  let path = buffer.toString('utf8', 0, length);
  while (path !== '/' && !path.endsWith('.app')) path = dirname(path);
  return path.endsWith('.app') ? path : null;
}

export function bundleFactsOf(pid: number): BundleFacts {
  const path = bundlePath(pid);
  if (path === null) return { bundleId: null, chromium: false };
  let bundleId: string | null = null;
  try {
    // plutil reads binary and XML plists alike (Apple's own apps ship binary ones).
    const id = execFileSync(
      '/usr/bin/plutil',
      ['-extract', 'CFBundleIdentifier', 'raw', '-o', '-', `${path}/Contents/Info.plist`],
      { encoding: 'utf8', timeout: 2_000 },
    ).trim();
    bundleId = id === '' ? null : id;
  } catch {
    // no readable Info.plist: no bundle id
  }
  const embedded = CHROMIUM_FRAMEWORKS.some((f) => existsSync(`${path}/Contents/Frameworks/${f}`));
  return { bundleId, chromium: embedded || isChromiumBrowser(bundleId) };
}

/** Chromium-based browsers (their own frameworks have other names). */
export function isChromiumBrowser(bundleId: string | null): boolean {
  return (
    bundleId !== null &&
    /^(com\.google\.Chrome|org\.chromium\.Chromium|com\.microsoft\.edgemac|com\.brave\.Browser|com\.vivaldi\.Vivaldi|com\.operasoftware\.Opera)/.test(
      bundleId,
    )
  );
}

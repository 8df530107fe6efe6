/**
 * Windows of the watched apps, optionally of one app named by name, bundle id or pid (resolved
 * with the typed errors of AppTracker.resolve), by title, minimized ones on request.
 */
import type { BackendId } from '../backend.js';
import { DESKTOP_ID } from './axTable.js';
import { readProps, type TreeContext } from './axTree.js';

export interface AxWindowQuery {
  app?: string;
  title?: string;
  pid?: number;
  includeMinimized?: boolean;
}

export interface AxWindowInfo {
  id: BackendId;
  pid: number;
  app: string;
  bundleId: string | null;
  title: string;
  rect: { x: number; y: number; width: number; height: number } | null;
  minimized: boolean;
  focused: boolean;
}

export function listWindows(ctx: TreeContext, query: AxWindowQuery): AxWindowInfo[] {
  const pid = query.app !== undefined ? ctx.apps.resolve(query.app).pid : query.pid;
  const out: AxWindowInfo[] = [];
  for (const app of ctx.apps.all()) {
    if (pid !== undefined && app.pid !== pid) continue;
    let refs;
    try {
      refs = ctx.surface.copyElements(app.ref, 'AXWindows', 0, ctx.caps.maxChildren);
    } catch {
      continue; // not answering now: not listed
    }
    for (const ref of refs) {
      const id = ctx.table.adopt(ref, app.pid, DESKTOP_ID);
      const entry = ctx.table.get(id);
      if (entry === undefined) continue;
      try {
        const props = readProps(ctx, entry.ref, app.pid);
        const minimized = props.states.includes('minimized');
        if (minimized && query.includeMinimized === false) continue;
        if (
          query.title !== undefined &&
          !props.name.toLowerCase().includes(query.title.toLowerCase())
        )
          continue;
        out.push({
          id,
          pid: app.pid,
          app: app.name,
          bundleId: app.bundleId,
          title: props.name,
          rect: props.rect,
          minimized,
          focused: props.states.includes('focused'),
        });
      } catch {
        // closed meanwhile: not listed
      }
    }
  }
  return out;
}

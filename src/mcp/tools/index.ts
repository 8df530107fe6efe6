/** The tool profiles: which tools a server lists, given its configuration. */
import type { Config } from '../../config.js';
import type { ToolDef } from '../types.js';
import { actTools } from './act.js';
import { uiAutomation } from './automation.js';
import { eventTools } from './events.js';
import { pixelTools } from './pixels.js';
import { readTools } from './read.js';

/** Every tool of the default profile, reads first. */
export const defaultTools: readonly ToolDef[] = [
  ...readTools,
  ...eventTools,
  ...pixelTools,
  ...actTools,
];

/** The mark an acting tool's description carries when the server is read-only. */
export const READ_ONLY_MARK = '[unavailable: the server is read-only] ';

/**
 * The tools a server lists. In read-only mode the acting tools stay listed, marked, so an agent
 * learns why they are refused (calling one answers a tool error with code read_only) instead of
 * meeting an unknown tool; the single-tool profile stays as it is (its actions answer read_only).
 */
export function toolsFor(config: Pick<Config, 'readOnly' | 'mcp'>): readonly ToolDef[] {
  if (config.mcp.tools === 'ui_automation') return [uiAutomation];
  if (!config.readOnly) return defaultTools;
  return defaultTools.map((t) =>
    t.kind === 'read' ? t : { ...t, description: READ_ONLY_MARK + t.description },
  );
}

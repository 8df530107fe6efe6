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

/**
 * The tools a server lists. In read-only mode the acting tools are left out; the single-tool
 * profile stays (its reads still work, its actions answer read_only).
 */
export function toolsFor(config: Pick<Config, 'readOnly' | 'mcp'>): readonly ToolDef[] {
  if (config.mcp.tools === 'ui_automation') return [uiAutomation];
  return defaultTools.filter((t) => t.kind === 'read' || !config.readOnly);
}

/**
 * The tool profiles: which tools a server lists, given its configuration and the methods its
 * table serves. Each method's registry entry names its tool (`mcp.tool`) and its kind; a tool
 * is an acting one exactly when its method is of kind `act`, and the access policy says
 * whether such a method is refused.
 */
import { registry, type MethodDef } from '../../../protocol/src/index.js';
import type { Config } from '../../config.js';
import { AccessPolicy } from '../../policy/access.js';
import type { ToolDef } from '../types.js';
import { actTools } from './act.js';
import { uiApp } from './app.js';
import { uiAutomation } from './automation.js';
import { uiClipboard } from './clipboard.js';
import { eventTools } from './events.js';
import { methodTool, toolKindOf } from './method-tool.js';
import { pixelTools } from './pixels.js';
import { readTools } from './read.js';
import { uiTextAttributes } from './text.js';
import { uiWindow } from './window.js';

/** Hand-written tools (their own rendering), reads first. */
const handWritten: readonly ToolDef[] = [
  ...readTools,
  uiTextAttributes,
  ...eventTools,
  ...pixelTools,
  ...actTools,
  uiApp,
  uiClipboard,
  uiWindow,
];

/**
 * The default profile over `served` methods: each method's hand-written tool (or one derived
 * from the method), its kind from the registry; tools that stand for no one method stay.
 */
export function defaultToolsOf(served: readonly MethodDef[]): ToolDef[] {
  const byTool = new Map(served.flatMap((d) => (d.mcp === undefined ? [] : [[d.mcp.tool, d]])));
  const bound = new Set(registry.methods.flatMap((d) => d.mcp?.tool ?? []));
  const listed = handWritten.flatMap((t): ToolDef[] => {
    const def = byTool.get(t.name);
    if (def !== undefined) return [{ ...t, kind: toolKindOf(def) }];
    // A tool of a method this table does not serve is left out.
    return bound.has(t.name) ? [] : [t];
  });
  const names = new Set(handWritten.map((t) => t.name));
  const derived = [...byTool].filter(([tool]) => !names.has(tool));
  return [...listed, ...derived.map(([tool, def]) => methodTool(def, tool))];
}

/** Every tool of the default profile over the protocol's own methods. */
export const defaultTools: readonly ToolDef[] = defaultToolsOf(registry.methods);

/** The mark an acting tool's description carries when the server is read-only. */
export const READ_ONLY_MARK = '[unavailable: the server is read-only] ';

/**
 * The tools a server lists. In read-only mode the acting tools stay listed, marked, so an agent
 * learns why they are refused (calling one answers a tool error with code read_only) instead of
 * meeting an unknown tool; the single-tool profile stays as it is (its actions answer read_only).
 */
export function toolsFor(
  config: Pick<Config, 'readOnly' | 'mcp' | 'executor' | 'pixels'>,
  served: readonly MethodDef[] = registry.methods,
): readonly ToolDef[] {
  if (config.mcp.tools === 'ui_automation') return [uiAutomation];
  const tools = served === registry.methods ? defaultTools : defaultToolsOf(served);
  const policy = AccessPolicy.of(config);
  return tools.map((t) =>
    policy.refuses({ kind: t.kind === 'action' ? 'act' : 'read' })
      ? { ...t, description: READ_ONLY_MARK + t.description }
      : t,
  );
}

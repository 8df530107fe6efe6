/**
 * How an MCP answer names a call: the tool of the active profile, as each method's registry
 * entry declares it (`mcp.tool`, `mcp.automation`). Hints are data ({method, params}, see
 * src/hints.ts); this is only the MCP way of saying their names.
 */
import { registry as protocolRegistry, type Registry } from '../../protocol/src/index.js';
import type { Config } from '../config.js';
import type { CallNamer } from '../hints.js';

type Profile = Config['mcp']['tools'];

/** The namer of `profile`: a default-profile tool, or the ui_automation action. */
export function mcpCallName(profile: Profile, registry: Registry = protocolRegistry): CallNamer {
  return (method) => {
    const mcp = registry.get(method)?.mcp;
    if (profile === 'default') return mcp?.tool ?? method;
    const action = mcp?.automation;
    return action === undefined ? 'ui_automation' : `ui_automation (action "${action}")`;
  };
}

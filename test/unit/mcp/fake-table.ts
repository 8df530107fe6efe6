/**
 * A method table stand-in for unit tests of the MCP layer's own logic (argument checks,
 * rendering, error mapping). Integration tests use the real table on the sim backend.
 */
import type { MethodName } from '../../../protocol/src/index.js';
import { loadConfig } from '../../../src/config.js';
import type { CallerContext } from '../../../src/executor/api.js';
import type { McpDeps, ToolContext } from '../../../src/mcp/types.js';
import type { HandlerTable } from '../../../src/service/handlers.js';

export type FakeHandler = (params: unknown, ctx: CallerContext) => unknown;

export function fakeContext(
  handlers: Partial<Record<MethodName, FakeHandler>>,
  deps: Partial<McpDeps> = {},
): ToolContext {
  return {
    deps: {
      handlers: handlers as unknown as HandlerTable,
      // Structured answers on: most tests read the answer's fields there.
      config: loadConfig({ backend: 'sim', mcp: { structured: true } }),
      ...deps,
    },
    caller: { clientId: 'unit', signal: new AbortController().signal },
  };
}

export const sampleNode = {
  ref: 'e12',
  window: 'w1',
  parent: 'e1',
  controlType: 'Button' as const,
  name: 'Save',
  automationId: 'save',
  rect: { x: 10, y: 20, width: 80, height: 24 },
  states: ['enabled' as const, 'focusable' as const],
  patterns: ['Invoke' as const],
  childCount: 0,
};

export const sampleAction = {
  action: 'click',
  dryRun: false,
  method: 'pattern' as const,
  tookFocus: false,
  movedPointer: false,
  element: {
    ref: 'e12',
    controlType: 'Button' as const,
    name: 'Save',
    rect: sampleNode.rect,
    window: 'w1',
  },
  window: { ref: 'w1', title: 'Untitled - Editor', foreground: true, rect: null },
  durationMs: 42.4,
  revision: 120,
  changes: {
    opened: [{ ref: 'w4', title: 'Save As' }],
    closed: [],
    focus: {
      ref: 'e80',
      controlType: 'Edit' as const,
      name: 'File name',
      rect: null,
      window: 'w4',
    },
    changed: [],
    added: 31,
    removed: 0,
  },
};

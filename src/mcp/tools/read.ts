/** Reading tools: every one is answered from the cache through the method table. */
import { z } from 'zod';
import {
  elementsFind,
  elementsGet,
  elementsText,
  regionsRead,
  sessionHello,
  treeSnapshot,
  windowsList,
  type MethodResult,
} from '../../../protocol/src/index.js';
import { moreLine } from '../../hints.js';
import { callMethod } from '../call.js';
import { mcpCallName } from '../hints.js';
import { clip, nodeLine, windowLine } from '../render.js';
import { defineTool, type ToolContext } from '../types.js';

const snapshotOutput = treeSnapshot.result.omit({ lines: true });

export const uiSnapshot = defineTool({
  name: 'ui_snapshot',
  title: 'Snapshot a window',
  kind: 'read',
  description:
    'Snapshot of a window (or the desktop): one line per element with stable refs ([ref=e12]). ' +
    'Page with maxElements/maxTokens and cursor; `since` (a revision) gives only changes.',
  input: treeSnapshot.params.unwrap().omit({ fresh: true }),
  output: snapshotOutput,
  async run(input, ctx) {
    const r = await callMethod(ctx, 'tree.snapshot', input);
    const { lines: _lines, ...structured } = r;
    const footer: string[] = [`(rev ${r.revision}, ${r.total} elements`];
    if (r.hidden !== undefined) footer.push(`, ${r.hidden} hidden left out (includeHidden: true)`);
    if (r.truncated) footer.push(`, truncated: pass cursor "${r.cursor ?? ''}" for more`);
    if (r.removed !== undefined && r.removed.length > 0)
      footer.push(`, removed ${r.removed.join(' ')}`);
    return { text: `${r.text}\n${footer.join('')})`, structured };
  },
});

/** The region's lines; what did not fit is said with this profile's tool for reading it. */
function regionText(r: MethodResult<'regions.read'>, ctx: ToolContext): string {
  if (r.more === undefined) return r.text;
  // The table's own marker (WebSocket names) is the last line whenever `more` is set.
  const lines = r.text.split('\n').slice(0, -1);
  return [...lines, moreLine(r.more, mcpCallName(ctx.deps.config.mcp.tools))].join('\n');
}

export const uiRead = defineTool({
  name: 'ui_read',
  title: 'Read a region',
  kind: 'read',
  description: 'Cheap read (~150 tokens) of a region of a window (default: the foreground one).',
  input: regionsRead.params.omit({ fresh: true }),
  output: regionsRead.result,
  async run(input, ctx) {
    const r = await callMethod(ctx, 'regions.read', input);
    const where = r.window !== null ? ` of ${r.window}` : '';
    const text = r.found
      ? `${r.region}${where}:\n${regionText(r, ctx)}`
      : `no ${r.region} region${where}`;
    return { text, structured: r };
  },
});

export const uiFind = defineTool({
  name: 'ui_find',
  title: 'Find elements',
  kind: 'read',
  description:
    'Find elements by name, controlType, automationId or value; timeoutMs waits for a first match.',
  input: elementsFind.params.omit({ fresh: true }),
  output: elementsFind.result,
  async run(input, ctx) {
    const r = await callMethod(ctx, 'elements.find', input);
    const lines = r.elements.map((e) => `- ${nodeLine(e)}`);
    if (lines.length === 0) lines.push('no match');
    if (r.hasMore) lines.push(`(more matches: raise maxResults or narrow the query)`);
    return { text: lines.join('\n'), structured: r };
  },
});

export const uiGetElement = defineTool({
  name: 'ui_get_element',
  title: 'Get an element',
  kind: 'read',
  description: 'One element by ref; `fields` picks properties.',
  input: elementsGet.params.omit({ fresh: true }),
  output: elementsGet.result,
  async run(input, ctx) {
    const r = await callMethod(ctx, 'elements.get', input);
    return { text: JSON.stringify(r.element), structured: r };
  },
});

export const uiGetText = defineTool({
  name: 'ui_get_text',
  title: 'Get text',
  kind: 'read',
  description: 'Text of an element (ref), a window or an app, descendants included.',
  input: elementsText.params,
  output: elementsText.result,
  async run(input, ctx) {
    const r = await callMethod(ctx, 'elements.text', input);
    return { text: r.truncated ? `${r.text}\n(truncated)` : r.text, structured: r };
  },
});

export const uiListWindows = defineTool({
  name: 'ui_list_windows',
  title: 'List windows',
  kind: 'read',
  description: 'Top-level windows and their refs (w3).',
  input: windowsList.params.unwrap().omit({ fresh: true }),
  output: windowsList.result,
  async run(input, ctx) {
    const r = await callMethod(ctx, 'windows.list', input);
    const lines = r.windows.map((w) => `- ${windowLine(w)}`);
    return { text: lines.length === 0 ? 'no windows' : lines.join('\n'), structured: r };
  },
});

const StatusOutput = z.object({
  backend: z.string(),
  status: sessionHello.result.shape.status,
  health: sessionHello.result.shape.health,
  version: z.string(),
  revision: z.number().int(),
  seq: z.number().int(),
  readOnly: z.boolean(),
  counts: z
    .object({
      elements: z.number().int(),
      windows: z.number().int(),
      drift: z.number().int(),
      fetches: z.number().int(),
    })
    .optional(),
  ocr: z.object({ enabled: z.boolean(), languages: z.array(z.string()) }).optional(),
});

/** Quarantined apps and forbidden calls, each with its reason, for the model to read. */
function healthText(h: z.output<typeof StatusOutput>['health']): string {
  const held = h.quarantined.map((q) => `${q.app} (${q.toolkit}) quarantined: ${q.reason}`);
  const refused = h.forbidden.map((f) => `${f.call} forbidden on ${f.toolkit}: ${f.reason}`);
  const lines = [...held, ...refused];
  if (lines.length === 0) return h.reason !== undefined ? `; ${h.reason}` : '';
  return `\n${lines.join('\n')}`;
}

/** The OCR engine's state, or nothing where this server has no pixels. */
async function ocrOf(ctx: ToolContext): Promise<z.output<typeof StatusOutput>['ocr']> {
  try {
    const { enabled, languages } = await callMethod(ctx, 'screen.ocrStatus', {});
    return { enabled, languages };
  } catch {
    return undefined;
  }
}

export const uiStatus = defineTool({
  name: 'ui_status',
  title: 'Server status',
  kind: 'read',
  description: 'Backend, health, cache revision, element counts and OCR languages.',
  input: z.object({}),
  output: StatusOutput,
  async run(_input, ctx) {
    const hello = await callMethod(ctx, 'session.hello', { client: 'mcp' });
    const stats = ctx.deps.cache?.stats();
    const structured: z.output<typeof StatusOutput> = {
      backend: hello.backend,
      status: hello.status,
      health: hello.health,
      version: hello.version,
      revision: hello.revision,
      seq: hello.seq,
      readOnly: hello.capabilities.readOnly,
    };
    if (stats !== undefined) {
      const { elements, windows, drift, fetches } = stats;
      structured.counts = { elements, windows, drift, fetches };
    }
    structured.ocr = await ocrOf(ctx);
    const counts =
      stats !== undefined ? `, ${stats.elements} elements in ${stats.windows} windows` : '';
    const ro = structured.readOnly ? ', read-only' : '';
    const ocr =
      structured.ocr?.enabled === true ? `, OCR ${structured.ocr.languages.join('+')}` : '';
    return {
      text: clip(
        `${hello.backend} ${hello.status}, rev ${hello.revision}${counts}${ro}${ocr}${healthText(hello.health)}`,
        600,
      ),
      structured,
    };
  },
});

export const readTools = [
  uiSnapshot,
  uiRead,
  uiFind,
  uiGetElement,
  uiGetText,
  uiListWindows,
  uiStatus,
] as const;

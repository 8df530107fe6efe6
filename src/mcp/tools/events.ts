/** Events as a tool, for MCP clients that cannot subscribe to resources. */
import { eventsRead } from '../../../protocol/src/index.js';
import { callMethod } from '../call.js';
import { eventLine } from '../render.js';
import { defineTool } from '../types.js';

export const uiEvents = defineTool({
  name: 'ui_events',
  title: 'Read events',
  kind: 'read',
  description:
    'UI events after the cursor `after` (omit it: from now); waitMs waits for one. Pass the ' +
    'returned cursor next time.',
  input: eventsRead.params.unwrap(),
  output: eventsRead.result,
  async run(input, ctx) {
    const r = await callMethod(ctx, 'events.read', input);
    const lines = r.events.map(eventLine);
    if (lines.length === 0) lines.push('no events');
    lines.push(`cursor ${r.cursor}${r.hasMore ? ' (more waiting: call again)' : ''}`);
    return { text: lines.join('\n'), structured: r };
  },
});

export const eventTools = [uiEvents] as const;

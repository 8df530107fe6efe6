/**
 * A recording as MCP tool calls (JSON: a list of `{ name, arguments }`), for an agent or a
 * harness to replay through an MCP host. Tool arguments are the wire params, so what has no
 * wire form is dropped: a path locator keeps its query (control type and window) without its
 * index, and a checked/unchecked/disabled assertion waits only for the element to be there.
 * Password text is the placeholder `${UISTREAM_SECRET}`, never the text typed.
 */
import type { PointTarget, Recording, RecordedLocator, Step } from '../model.js';
import { SECRET_ENV } from './pytest.js';

export interface ToolCall {
  name: string;
  arguments: Record<string, unknown>;
}

function target(locator: RecordedLocator): Record<string, unknown> {
  return { ...locator.query };
}

function toolCall(step: Step): ToolCall {
  switch (step.kind) {
    case 'click': {
      const t = 'by' in step.target ? target(step.target) : { ...step.target };
      const button = step.button === 'left' ? {} : { button: step.button };
      return { name: 'ui_click', arguments: { target: t, ...button } };
    }
    case 'drag': {
      const end = (t: RecordedLocator | PointTarget) => ('by' in t ? target(t) : { ...t });
      const button = step.button === 'left' ? {} : { button: step.button };
      return { name: 'ui_drag', arguments: { from: end(step.from), to: end(step.to), ...button } };
    }
    case 'type': {
      const text = step.secret ? `\${${SECRET_ENV}}` : step.text;
      const t = step.target === null ? {} : { target: target(step.target) };
      return { name: 'ui_type', arguments: { ...t, text } };
    }
    case 'keys': {
      const t = step.target === null ? {} : { target: target(step.target) };
      return { name: 'ui_press_keys', arguments: { ...t, keys: step.keys } };
    }
    case 'wait':
      return { name: 'ui_wait_for', arguments: { condition: step.condition, title: step.title } };
    case 'expectText':
      return {
        name: 'ui_wait_for',
        arguments:
          step.source === 'value'
            ? { condition: 'valueEquals', target: target(step.target), value: step.text }
            : {
                condition: 'nameMatches',
                target: target(step.target),
                value: `^${escape(step.text)}$`,
              },
      };
    case 'expectState':
      return {
        name: 'ui_wait_for',
        arguments: {
          condition: step.state === 'enabled' ? 'enabled' : 'appear',
          target: target(step.target),
        },
      };
  }
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function toMcpCalls(recording: Recording): string {
  const first: ToolCall[] =
    recording.firstWindow === undefined
      ? []
      : [
          {
            name: 'ui_wait_for',
            arguments: {
              condition: 'windowOpened',
              title: recording.firstWindow,
              timeoutMs: 30_000,
            },
          },
        ];
  return `${JSON.stringify([...first, ...recording.steps.map(toolCall)], null, 2)}\n`;
}

/**
 * A recording as a vitest test written against the `uistream/client` package: one test, each
 * step one call, every wait event-driven (`actions.waitFor`). Text typed into a password field
 * comes from the environment (UISTREAM_SECRET), never the file.
 */
import type { PointTarget, Recording, RecordedLocator, Step } from '../model.js';
import { SECRET_ENV } from './pytest.js';

const js = (value: unknown): string => JSON.stringify(value);

function target(locator: RecordedLocator): string {
  if (locator.by !== 'path') return js(locator.query);
  return `await nth(${js(locator.query)}, ${locator.index}) /* ${locator.path.join(' > ')} */`;
}

const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function call(method: string, params: string): string {
  return `  await client.call('${method}', ${params});`;
}

function stateCheck(step: Extract<Step, { kind: 'expectState' }>): string {
  if (step.state === 'enabled') {
    return call('actions.waitFor', `{ condition: 'enabled', target: ${target(step.target)} }`);
  }
  const [state, present] =
    step.state === 'disabled' ? ['enabled', false] : ['checked', step.state === 'checked'];
  return `  await expectState(${target(step.target)}, ${js(state)}, ${js(present)});`;
}

function stepLine(step: Step): string {
  switch (step.kind) {
    case 'click': {
      const t = 'by' in step.target ? target(step.target) : js(step.target);
      const button = step.button === 'left' ? '' : `, button: ${js(step.button)}`;
      return call('actions.click', `{ target: ${t}${button} }`);
    }
    case 'drag': {
      const end = (t: RecordedLocator | PointTarget): string => ('by' in t ? target(t) : js(t));
      const button = step.button === 'left' ? '' : `, button: ${js(step.button)}`;
      return call('actions.drag', `{ from: ${end(step.from)}, to: ${end(step.to)}${button} }`);
    }
    case 'type': {
      const text = step.secret ? `process.env.${SECRET_ENV} ?? ''` : js(step.text);
      const t = step.target === null ? '' : `target: ${target(step.target)}, `;
      return call('actions.type', `{ ${t}text: ${text} }`);
    }
    case 'keys': {
      const t = step.target === null ? '' : `target: ${target(step.target)}, `;
      return call('actions.keys', `{ ${t}keys: ${js(step.keys)} }`);
    }
    case 'wait':
      return call(
        'actions.waitFor',
        `{ condition: '${step.condition}', title: ${js(step.title)} }`,
      );
    case 'expectText':
      return step.source === 'value'
        ? call(
            'actions.waitFor',
            `{ condition: 'valueEquals', target: ${target(step.target)}, value: ${js(step.text)} }`,
          )
        : call(
            'actions.waitFor',
            `{ condition: 'nameMatches', target: ${target(step.target)}, value: ${js(`^${escapeRegex(step.text)}$`)} }`,
          );
    case 'expectState':
      return stateCheck(step);
  }
}

const HELPERS = `
/** A recorded path locator: the index-th element (document order) matching the query. */
async function nth(query: Record<string, unknown>, index: number): Promise<{ ref: string }> {
  const { elements } = await client.call('elements.find', { ...query, timeoutMs: 10_000, maxResults: 1000 });
  const element = elements[index];
  if (element === undefined) throw new Error(\`\${elements.length} elements match \${JSON.stringify(query)}, wanted #\${index}\`);
  return { ref: element.ref };
}

/** A state held (or not) by the one element a target finds, once it is there. */
async function expectState(target: Record<string, unknown>, state: string, present: boolean): Promise<void> {
  const { element } = await client.call('actions.waitFor', { condition: 'appear', target });
  const found = element === null ? undefined : (await client.call('elements.get', { ref: element.ref })).element;
  expect(found?.states?.includes(state as never), \`\${state} on \${JSON.stringify(target)}\`).toBe(present);
}
`;

/** The vitest file for a recording. */
export function toTypeScript(recording: Recording, importFrom = 'uistream/client'): string {
  const first =
    recording.firstWindow === undefined
      ? []
      : [
          call(
            'actions.waitFor',
            `{ condition: 'windowOpened', title: ${js(recording.firstWindow)}, timeoutMs: 30_000 }`,
          ),
        ];
  return [
    `// Recorded by \`uistream record\`${recording.app === undefined ? '' : ` from ${recording.app}`}. Run against a server:`,
    '//   UISTREAM_URL=ws://127.0.0.1:7878/ UISTREAM_TOKEN=<token> npx vitest run THIS_FILE',
    '// Every wait is event-driven (actions.waitFor); a failed step fails the test.',
    "import { afterAll, beforeAll, expect, it } from 'vitest';",
    `import { connect, type UistreamClient } from '${importFrom}';`,
    '',
    'let client: UistreamClient;',
    'beforeAll(async () => {',
    "  client = await connect(process.env.UISTREAM_URL ?? 'ws://127.0.0.1:7878/', {",
    '    token: process.env.UISTREAM_TOKEN,',
    '  });',
    '});',
    'afterAll(async () => {',
    '  await client?.close();',
    '});',
    HELPERS,
    `it('replays the recording', async () => {`,
    ...first,
    ...recording.steps.map(stepLine),
    '}, 120_000);',
    '',
  ].join('\n');
}

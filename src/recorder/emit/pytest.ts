/**
 * A recording as a pytest file for the uistream pytest plugin (the `ui` fixture): one test,
 * each step a blocking call, each wait event-driven (`actions_wait_for`, `ui.expect`). Text
 * typed into a password field comes from the environment (UISTREAM_SECRET), never the file.
 */
import type { PointTarget, Recording, RecordedLocator, Step } from '../model.js';

export const SECRET_ENV = 'UISTREAM_SECRET';

/** A JSON-like value as a Python literal. */
export function py(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(py).join(', ')}]`;
  const entries = Object.entries(value as Record<string, unknown>).filter(
    ([, v]) => v !== undefined,
  );
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}: ${py(v)}`).join(', ')}}`;
}

function target(locator: RecordedLocator): string {
  if (locator.by !== 'path') return py(locator.query);
  return `_nth(ui, ${py(locator.query)}, ${locator.index})  # ${locator.path.join(' > ')}`;
}

/** Pull a trailing comment out of an expression so it can close the line. */
function split(expression: string): [string, string] {
  const at = expression.indexOf('  # ');
  return at < 0 ? [expression, ''] : [expression.slice(0, at), expression.slice(at)];
}

function call(method: string, args: string, comment = ''): string {
  return `    ui.${method}(${args})${comment}`;
}

function stepLine(step: Step): string {
  switch (step.kind) {
    case 'click': {
      const button = step.button === 'left' ? '' : `, button=${py(step.button)}`;
      if (!('by' in step.target))
        return call('actions_click', `target=${py(step.target)}${button}`);
      const [t, c] = split(target(step.target));
      return call('actions_click', `target=${t}${button}`, c);
    }
    case 'drag': {
      const end = (t: RecordedLocator | PointTarget): string =>
        'by' in t ? split(target(t))[0] : py(t);
      const button = step.button === 'left' ? '' : `, button=${py(step.button)}`;
      return call('actions_drag', `from_=${end(step.from)}, to=${end(step.to)}${button}`);
    }
    case 'type': {
      const text = step.secret ? `os.environ[${py(SECRET_ENV)}]` : py(step.text);
      const [t, c] = step.target === null ? ['None', ''] : split(target(step.target));
      const note = step.secret ? '  # a password field: its text is not recorded' : c;
      return call('actions_type', `target=${t}, text=${text}`, note);
    }
    case 'keys': {
      const [t, c] = step.target === null ? ['None', ''] : split(target(step.target));
      return call('actions_keys', `target=${t}, keys=${py(step.keys)}`, c);
    }
    case 'wait':
      return call('actions_wait_for', `condition=${py(step.condition)}, title=${py(step.title)}`);
    case 'expectText': {
      const [t, c] = split(target(step.target));
      return `    ui.expect(${t}).to_have_text(${py(step.text)})${c}`;
    }
    case 'expectState': {
      const [t, c] = split(target(step.target));
      const [state, present] =
        step.state === 'unchecked'
          ? ['checked', false]
          : step.state === 'disabled'
            ? ['enabled', false]
            : [step.state, true];
      return `    ui.expect(${t}).to_have_state(${py(state)}, present=${py(present)})${c}`;
    }
  }
}

const NTH = `

def _nth(ui, query, index):
    """A recorded path locator: the index-th element (document order) matching query."""
    found = ui.call("elements.find", {**query, "timeoutMs": 10000, "maxResults": 1000})
    elements = found["elements"]
    assert len(elements) > index, f"{len(elements)} elements match {query}, wanted #{index}"
    return {"ref": elements[index]["ref"]}`;

/** The pytest file for a recording. */
export function toPytest(recording: Recording, name = 'test_recorded'): string {
  const steps = recording.steps;
  const needsNth = JSON.stringify(steps).includes('"by":"path"');
  const needsOs = steps.some((s) => s.kind === 'type' && s.secret);
  const first =
    recording.firstWindow === undefined
      ? []
      : [
          call(
            'actions_wait_for',
            `condition="windowOpened", title=${py(recording.firstWindow)}, timeout_ms=30000`,
          ),
        ];
  return [
    `"""Recorded by \`uistream record\`${recording.app === undefined ? '' : ` from ${recording.app}`}.`,
    '',
    'Run with the uistream pytest plugin: python3 -m pytest THIS_FILE (it starts a server, or',
    'attaches to UISTREAM_URL). Every wait is event-driven; a failed step fails the test.',
    '"""',
    ...(needsOs ? ['', 'import os'] : []),
    ...(needsNth ? [NTH.slice(1)] : []),
    '',
    '',
    `def ${name}(ui):`,
    ...first,
    ...steps.map(stepLine),
    ...(steps.length === 0 && first.length === 0 ? ['    pass'] : []),
    '',
  ].join('\n');
}

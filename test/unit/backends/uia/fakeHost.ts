/**
 * A fake UIA host for the supervisor tests on Linux: the real host runtime (uiaHostRuntime)
 * with fake operations instead of COM. Element "hang" blocks the host's thread for good, like
 * a UIA call stuck behind a modal dialog; element "crash" kills the process, like a native
 * crash. Start it with FAKE_HOST_MODE=fatal to simulate a host that cannot initialise.
 * The `diagnose` op makes real native calls the way the UIA host does: libc poll() on koffi's
 * pool threads, followed by the same native-call tracker, `steps` times `ms` each. `capture`
 * answers a computed image of the asked rectangle, as the real host does over the same IPC.
 */
import koffi from 'koffi';
import type { Rect } from '../../../../protocol/src/index.js';
import type { BackendEvent, BackendNode } from '../../../../src/backends/backend.js';
import { ElementStaleError } from '../../../../src/errors.js';
import type { HostOp } from '../../../../src/backends/uia/uiaHostProtocol.js';
import {
  currentHostPort,
  runHost,
  type HostOps,
} from '../../../../src/backends/uia/uiaHostRuntime.js';
import { BackendUnavailableError } from '../../../../src/errors.js';
import { nativeTracker } from '../../../../src/backends/uia/uiaProgress.js';

/** A native call that waits `ms`: libc poll() here, kernel32 Sleep on the Windows runner. */
function waitFunction(): {
  name: string;
  wait: (ms: number, done: (err: unknown) => void) => void;
} {
  if (process.platform === 'win32') {
    const sleep = koffi.load('kernel32.dll').func('void __stdcall Sleep(uint32_t ms)');
    return { name: 'Sleep', wait: (ms, done) => void sleep.async(ms, done) };
  }
  const poll = koffi.load('libc.so.6').func('int poll(void *fds, unsigned long n, int ms)');
  return { name: 'poll', wait: (ms, done) => void poll.async(null, 0, ms, done) };
}

let waiter: ReturnType<typeof waitFunction> | undefined;

/** One native wait of `ms` on a pool thread, tracked. */
function nativeWait(ms: number): Promise<void> {
  waiter ??= waitFunction();
  const { name, wait } = waiter;
  const call = new Promise<void>((resolve, reject) => {
    wait(ms, (err) => (err ? reject(new Error(`${name} failed`)) : resolve()));
  });
  return nativeTracker.track(`${name}(${ms})`, call);
}

function node(
  id: string,
  parentId: string | null,
  children: string[],
  name: string,
  type: 'Pane' | 'Window' | 'Button',
): BackendNode {
  return {
    id,
    parentId,
    children,
    props: {
      controlType: type,
      name,
      rect: { x: 0, y: 0, width: 100, height: 50 },
      states: ['enabled'],
      patterns: type === 'Button' ? ['Invoke'] : [],
    },
  };
}

/** The fake desktop: one window with two buttons; names carry the host's pid. */
function tree(): BackendNode[] {
  const host = `host ${process.pid}`;
  const win = node('2a.100', 'desktop', ['2a.101', '2a.102'], `Fake Notepad (${host})`, 'Window');
  win.props.app = 'notepad';
  win.props.pid = process.pid;
  return [
    node('desktop', null, ['2a.100'], 'Desktop', 'Pane'),
    win,
    node('2a.101', '2a.100', [], 'hang', 'Button'),
    node('2a.102', '2a.100', [], 'crash', 'Button'),
  ];
}

/** A capture the way the real host answers one: RGBA whose red is x and green is y, mod 256. */
function fakeCapture(r: Rect) {
  const data = new Uint8Array(r.width * r.height * 4);
  for (let y = 0; y < r.height; y++) {
    for (let x = 0; x < r.width; x++)
      data.set([(r.x + x) & 255, (r.y + y) & 255, 7, 255], (y * r.width + x) * 4);
  }
  return { width: r.width, height: r.height, data, via: 'screen' };
}

let emit: (batch: BackendEvent[]) => void = () => undefined;

const ops: HostOps = {
  init(send) {
    emit = send;
    if (process.env['FAKE_HOST_MODE'] === 'fatal') {
      return Promise.reject(
        new BackendUnavailableError('CoCreateInstance(CUIAutomation) failed with 0x80040154'),
      );
    }
    return Promise.resolve({ fake: true });
  },
  busy: () => nativeTracker.busy(),
  async call(op: HostOp, args: unknown) {
    const { id } = args as { id?: string };
    if (op === 'diagnose') {
      const { steps, ms } = args as { steps: number; ms: number };
      for (let i = 0; i < steps; i++) await nativeWait(ms);
      return steps;
    }
    if (op === 'fetchSubtree') {
      const all = tree();
      const start = all.findIndex((n) => n.id === id);
      if (start < 0) throw new ElementStaleError(`element ${String(id)} is gone`);
      return id === 'desktop' ? all : all.slice(start, start === 1 ? 4 : start + 1);
    }
    if (op === 'performPattern' && id === '2a.101') {
      // Block this thread the way a synchronous COM call waiting on a modal dialog does.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
    }
    if (op === 'performPattern' && id === '2a.102') process.kill(process.pid, 'SIGKILL');
    if (op === 'focus') {
      // Three callbacks, one batch: the host sends batches, never single events.
      emit([
        { type: 'focus', id: '2a.100' },
        { type: 'focus', id: '2a.101' },
        { type: 'property', id: '2a.101', props: { name: 'focused' } },
      ]);
    }
    if (op === 'capture') return fakeCapture((args as { rect: Rect }).rect);
    if (op === 'monitors') {
      return [{ index: 0, rect: { x: 0, y: 0, width: 800, height: 600 }, scale: 1, primary: true }];
    }
    return op === 'probe' ? { pid: process.pid } : null;
  },
  shutdown() {},
};

void runHost(currentHostPort(), ops);

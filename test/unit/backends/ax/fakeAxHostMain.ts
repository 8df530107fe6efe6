/**
 * A real AX host child process on the fake surface: the host module, runtime and IPC of
 * production, with a fake desktop. Pressing "hang" blocks the child's thread for good (an AX
 * call stuck in an app that never answers, with no messaging timeout); pressing "crash" ends
 * the process (a native crash). Window titles carry the child's pid, so a restart shows.
 */
import { AxHost } from '../../../../src/backends/ax/axHost.js';
import { currentHostPort, runHost } from '../../../../src/backends/uia/uiaHostRuntime.js';
import { FakeAxSurface } from './fakeAx.js';

const surface = new FakeAxSurface();
surface.addApp(501, 'TextEdit', 'com.apple.TextEdit', [
  {
    role: 'AXWindow',
    title: `Fake TextEdit (host ${process.pid})`,
    children: [
      { role: 'AXButton', title: 'hang', actions: ['AXPress'] },
      { role: 'AXButton', title: 'crash', actions: ['AXPress'] },
    ],
  },
]);
surface.onCall = (target, call) => {
  if (!call.startsWith('PerformAction')) return;
  if (target.spec.title === 'crash') process.exit(70);
  if (target.spec.title === 'hang')
    for (;;) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60_000);
};

void runHost(currentHostPort(), new AxHost(surface));

/**
 * The AX host in this process behind a HostChannel: the real host runtime (runHost) and the
 * real supervisor talk through queued messages, with no child process. For backend tests whose
 * subject is not process isolation (the restart test forks a real child instead).
 */
import type { FromHost, ToHost } from '../../../../src/backends/uia/uiaHostProtocol.js';
import {
  runHost,
  type HostOps,
  type HostPort,
} from '../../../../src/backends/uia/uiaHostRuntime.js';
import type { HostChannel } from '../../../../src/backends/uia/uiaTransport.js';

export function inProcessChannel(ops: HostOps): HostChannel {
  let toServer: (m: FromHost) => void = () => undefined;
  let toHost: (m: ToHost) => void = () => undefined;
  let onExit: ((reason: string) => void) | undefined;
  let closed = false;
  const close = (reason: string): void => {
    if (closed) return;
    closed = true;
    queueMicrotask(() => onExit?.(reason));
  };
  const port: HostPort = {
    mode: 'worker',
    send: (m) => queueMicrotask(() => !closed && toServer(m)),
    onMessage: (h) => (toHost = h),
    close: () => close('host closed'),
  };
  void runHost(port, ops);
  return {
    send: (m) => queueMicrotask(() => !closed && toHost(m)),
    onMessage: (h) => (toServer = h),
    onExit: (h) => (onExit = h),
    kill: () => close('killed'),
  };
}

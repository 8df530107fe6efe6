import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import dbus, { Message } from 'dbus-next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AtspiBus, urgentCalls } from '../../../../src/backends/atspi/atspiBus.js';

// A private bus daemon and a service on it that answers only when told to, so the order in
// which the client's queued calls reach it shows how slots were handed out.
let daemon: ChildProcess;
let folder: string;
let address: string;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'uistream-bus-'));
  daemon = spawn(
    'dbus-daemon',
    ['--session', `--address=unix:path=${join(folder, 'bus')}`, '--nofork', '--print-address=1'],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const lines = createInterface({ input: daemon.stdout as NodeJS.ReadableStream });
  address = await new Promise<string>((resolve) => lines.once('line', resolve));
});

afterAll(() => {
  daemon.kill();
  rmSync(folder, { recursive: true, force: true });
});

/** A service that holds every call until `answerNext` is called; records arrival order. */
async function heldService() {
  const service = dbus.sessionBus({ busAddress: address });
  await new Promise<void>((resolve) => service.on('connect', () => resolve()));
  const held: Message[] = [];
  const arrived: string[] = [];
  let notify: (() => void) | undefined;
  service.addMethodHandler((msg: Message) => {
    if (msg.member !== 'Hold') return false;
    held.push(msg);
    arrived.push(String(msg.body[0]));
    notify?.();
    return true;
  });
  const untilHeld = (n: number): Promise<void> =>
    new Promise((resolve) => {
      const check = (): void => (held.length >= n ? resolve() : undefined);
      notify = check;
      check();
    });
  const answerNext = (): void => {
    const msg = held.shift();
    if (msg !== undefined) service.send(Message.newMethodReturn(msg, 's', ['ok']));
  };
  const name = (service as unknown as { name: string }).name;
  return { name, arrived, untilHeld, answerNext, stop: () => service.disconnect() };
}

describe('AtspiBus call slots', () => {
  it('hands a freed slot to urgent calls first, then to the others in arrival order', async () => {
    const service = await heldService();
    const signal = new AbortController().signal;
    const bus = await AtspiBus.connect(address, { concurrency: 1, callTimeoutMs: 10_000 }, signal);
    const hold = (tag: string): Promise<unknown[]> =>
      bus.call(
        {
          dest: service.name,
          path: '/t',
          iface: 'org.example.T',
          member: 'Hold',
          signature: 's',
          body: [tag],
        },
        signal,
      );
    try {
      const calls = [hold('first'), hold('b'), hold('c')];
      calls.push(
        urgentCalls(() => hold('urgent')),
        hold('d'),
      );
      for (let n = 0; n < calls.length; n++) {
        await service.untilHeld(1);
        service.answerNext();
      }
      await Promise.all(calls);
      expect(service.arrived).toEqual(['first', 'urgent', 'b', 'c', 'd']);
    } finally {
      bus.disconnect();
      service.stop();
    }
  });
});

describe('AtspiBus after the connection is lost', () => {
  it('fails a call caught mid-start with a typed error and leaves no rejection unhandled', async () => {
    const signal = new AbortController().signal;
    const bus = await AtspiBus.connect(address, { concurrency: 4, callTimeoutMs: 10_000 }, signal);
    const unhandled: unknown[] = [];
    const note = (err: unknown): void => void unhandled.push(err);
    process.on('unhandledRejection', note);
    try {
      const spec = { dest: 'org.freedesktop.DBus', path: '/', iface: 'org.freedesktop.DBus' };
      // Started, then the connection is closed before the call is sent.
      const call = bus.call({ ...spec, member: 'GetId' }, signal);
      bus.disconnect();
      await expect(call).rejects.toMatchObject({ code: 'backend_unavailable' });
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', note);
    }
  });
});

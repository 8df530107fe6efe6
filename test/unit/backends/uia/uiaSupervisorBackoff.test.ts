/**
 * Restart policy of the supervisor with in-memory channels (no process): a host that keeps
 * failing to start is retried with growing delays, reported `down` after `downAfter` failures,
 * and still retried until one starts; pending calls never outlive their host.
 */
import { describe, expect, it } from 'vitest';
import type { BackendStatus } from '../../../../protocol/src/index.js';
import type { FromHost, ToHost } from '../../../../src/backends/uia/uiaHostProtocol.js';
import { HostSupervisor } from '../../../../src/backends/uia/uiaSupervisor.js';
import type { HostChannel } from '../../../../src/backends/uia/uiaTransport.js';

/** A channel whose host is scripted by the test. */
class ScriptedHost implements HostChannel {
  sent: ToHost[] = [];
  private message: (m: FromHost) => void = () => undefined;
  private exit: (reason: string) => void = () => undefined;
  killed = false;
  send(m: ToHost): void {
    this.sent.push(m);
  }
  onMessage(h: (m: FromHost) => void): void {
    this.message = h;
  }
  onExit(h: (reason: string) => void): void {
    this.exit = h;
  }
  kill(): void {
    this.killed = true;
    this.exit('killed');
  }
  say(m: FromHost): void {
    this.message(m);
  }
  die(reason: string): void {
    this.exit(reason);
  }
}

const hello = { pid: 1, mode: 'process' as const, facts: {} };

function supervisor(launch: () => HostChannel, statuses: string[], resets: string[]) {
  return new HostSupervisor({
    launch,
    startTimeoutMs: 1_000,
    pingIntervalMs: 50,
    hangMs: 10_000,
    maxCallMs: 5_000,
    backoff: { initialMs: 5, maxMs: 40 },
    downAfter: 3,
    stableMs: 60_000,
    onEvents: () => undefined,
    onStatus: (s: BackendStatus, reason?: string) =>
      statuses.push(reason === undefined ? s : `${s}: ${reason}`),
    onReset: (r) => resets.push(r),
  });
}

describe('HostSupervisor restart policy', () => {
  it('retries a failing host, reports down after downAfter failures, recovers when one starts', async () => {
    const statuses: string[] = [];
    const resets: string[] = [];
    const hosts: ScriptedHost[] = [];
    let failing = 0;
    const recovered = new Promise<void>((resolve) => {
      const sup = supervisor(
        () => {
          const host = new ScriptedHost();
          hosts.push(host);
          // Host 1 starts; hosts 2..5 die at start; host 6 starts again.
          queueMicrotask(() => {
            if (hosts.length === 1 || hosts.length === 6) host.say({ t: 'ready', hello });
            else host.die(`start failure ${++failing}`);
          });
          if (hosts.length === 6) setTimeout(resolve, 0);
          return host;
        },
        statuses,
        resets,
      );
      void sup.start(AbortSignal.timeout(5_000)).then(() => {
        const pending = sup.call('probe', {}, AbortSignal.timeout(5_000));
        hosts[0]?.die('native crash');
        return pending.catch((err: unknown) =>
          statuses.push(`call: ${(err as { code: string }).code}`),
        );
      });
    });
    await recovered;
    await new Promise<void>((resolve) => {
      const wait = (): void => void (resets.length > 0 ? resolve() : setTimeout(wait, 5));
      wait();
    });
    expect(hosts).toHaveLength(6);
    expect(statuses[0]).toBe('starting');
    expect(statuses).toContain('degraded: native crash');
    expect(statuses).toContain('call: backend_unavailable');
    expect(statuses.filter((s) => s.startsWith('down:'))).toHaveLength(2); // failures 3 and 4
    expect(statuses[statuses.length - 1]).toBe('ok');
    expect(resets).toEqual(['UIA host restarted after: native crash']);
  });

  it('answers late results for calls that already timed out by dropping them', async () => {
    const host = new ScriptedHost();
    const statuses: string[] = [];
    const sup = supervisor(() => host, statuses, []);
    const started = sup.start(AbortSignal.timeout(1_000));
    host.say({ t: 'ready', hello });
    await started;
    const call = sup.call('probe', {}, AbortSignal.timeout(20));
    await expect(call).rejects.toMatchObject({ code: 'timeout' });
    const sentCall = host.sent.find((m) => m.t === 'call');
    expect(sentCall).toBeDefined();
    if (sentCall?.t === 'call') host.say({ t: 'result', id: sentCall.id, value: 'late' });
    const next = sup.call('probe', {}, AbortSignal.timeout(1_000));
    const second = host.sent.filter((m) => m.t === 'call').at(-1);
    if (second?.t === 'call')
      host.say({ t: 'error', id: second.id, error: { code: 'element_stale', message: 'gone' } });
    await expect(next).rejects.toMatchObject({ code: 'element_stale' });
    const stopping = sup.stop();
    host.die('stopped');
    await stopping;
    expect(host.sent.at(-1)).toEqual({ t: 'stop' });
  });
});

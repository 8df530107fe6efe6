/**
 * Example: subscribe to window-opened events and print them.
 *
 * A dashboard or a test harness listens instead of polling: every window that opens arrives
 * as one event, with its ref, title and app.
 */
import { firstValueFrom, take, timeout, toArray } from 'rxjs';
import { expect, it } from 'vitest';
import { connect } from '../clients/typescript/index.js';
import { startSimServer } from './support/sim-server.js';

it('prints every window that opens', async () => {
  const server = await startSimServer();
  const client = await connect(server.url, { token: server.token });
  try {
    const twoWindows = firstValueFrom(
      client.events({ types: ['window.opened'] }).pipe(take(2), toArray(), timeout(10_000)),
    );
    await client.call('session.hello'); // the subscription is live once the server answered

    // Someone opens two apps on the desktop.
    server.desktop.control.open({ kind: 'settings', at: { x: 900, y: 40 } });
    server.desktop.control.open({ kind: 'editor', at: { x: 200, y: 200 }, text: '' });

    const events = await twoWindows;
    const lines: string[] = [];
    for (const event of events) {
      if (event.type !== 'window.opened') continue;
      lines.push(`#${event.seq} window opened: "${event.window.title}" (${event.window.app})`);
    }
    console.log(lines.join('\n'));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('Settings');
  } finally {
    await client.close();
    await server.close();
  }
});

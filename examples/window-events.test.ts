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
    const lines: string[] = [];
    const twoWindows = firstValueFrom(
      client.events({ types: ['window.opened'] }).pipe(take(2), toArray(), timeout(10_000)),
    );
    await client.call('session.hello'); // the subscription is live once the server answered

    // Open two dialogs of the editor: Help > About, then File > Save As...
    for (const [menu, item] of [
      ['editor.menu.help', 'About'],
      ['editor.menu.file', 'Save As...'],
    ] as const) {
      await client.call('actions.invoke', {
        target: { automationId: menu },
        pattern: 'ExpandCollapse',
        op: 'expand',
      });
      await client.call('actions.click', {
        target: { name: item, controlType: 'MenuItem', nameMatch: 'equals' },
      });
    }

    for (const event of await twoWindows) {
      if (event.type !== 'window.opened') continue;
      lines.push(`#${event.seq} window opened: "${event.window.title}" (${event.window.app})`);
    }
    console.log(lines.join('\n'));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('About');
    expect(lines[1]).toContain('Save As');
  } finally {
    await client.close();
    await server.close();
  }
});

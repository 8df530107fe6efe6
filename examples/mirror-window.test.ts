/**
 * Example: mirror a window's tree.
 *
 * `client.tree({ window })` yields the whole subtree once, then an updated copy after every
 * change, patched locally from `tree.patch` notifications: the mirror always equals the
 * server's cache, without re-reading the tree.
 */
import { firstValueFrom, filter, timeout } from 'rxjs';
import { expect, it } from 'vitest';
import { connect, type MirroredTree } from '../clients/typescript/index.js';
import type { TreeNode } from '../protocol/src/index.js';
import { startSimServer } from './support/sim-server.js';

function outline(node: TreeNode, depth = 0, out: string[] = []): string[] {
  out.push(`${'  '.repeat(depth)}- ${node.controlType} "${node.name}" [${node.ref}]`);
  for (const child of node.children) outline(child, depth + 1, out);
  return out;
}

it('keeps a live copy of the editor window', async () => {
  const server = await startSimServer();
  const client = await connect(server.url, { token: server.token });
  try {
    const { windows } = await client.call('windows.list');
    const editor = windows.find((w) => w.title.includes('Editor'));
    if (editor === undefined) throw new Error('the editor window is not open');

    let latest: MirroredTree | undefined;
    const mirror = client.tree({ window: editor.ref });
    const subscription = mirror.subscribe((m) => (latest = m));

    // Open the File menu: its items appear in the mirror without another read.
    const menuOpened = firstValueFrom(
      mirror.pipe(
        filter((m) => m.nodes.some((n) => n.name === 'Save As...')),
        timeout(10_000),
      ),
    );
    await client.call('actions.invoke', {
      target: { automationId: 'editor.menu.file' },
      pattern: 'ExpandCollapse',
      op: 'expand',
    });
    const withMenu = await menuOpened;
    if (withMenu.tree !== null) console.log(outline(withMenu.tree).slice(0, 25).join('\n'));

    // The mirror equals a fresh read of the same subtree.
    const fresh = await client.call('tree.get', { window: editor.ref });
    subscription.unsubscribe();
    expect(latest?.tree).toEqual(fresh.tree);
  } finally {
    await client.close();
    await server.close();
  }
});

/**
 * A minimal event-fed mirror of the sim, for consistency tests: it applies property events in
 * place and re-fetches the subtree a structure event names (the window hint, or the whole
 * desktop, for a detail-less one). If the sim ever changed something without raising an event
 * that leads there, the mirror would drift from the ground truth.
 */
import type { BackendEvent, BackendNode } from '../../../../src/backends/backend.js';
import type { SimBackend } from '../../../../src/backends/sim/index.js';

export class Mirror {
  private readonly nodes = new Map<string, BackendNode>();
  private readonly toFetch = new Set<string>();

  constructor(private readonly sim: SimBackend) {}

  async init(): Promise<void> {
    this.replace(
      this.sim.rootId,
      await this.sim.fetchSubtree(this.sim.rootId, { signal: AbortSignal.timeout(5_000) }),
    );
    this.sim.events$.subscribe((batch) => batch.forEach((e) => this.apply(e)));
  }

  private apply(event: BackendEvent): void {
    if (event.type === 'property') {
      const node = this.nodes.get(event.id);
      if (node !== undefined) node.props = { ...node.props, ...event.props };
    } else if (event.type === 'structure') {
      this.toFetch.add(event.id ?? event.windowId ?? this.sim.rootId);
    }
  }

  /** Wait for quiet, then run the re-fetches the events asked for (until none are left). */
  async settle(): Promise<void> {
    for (;;) {
      await this.sim.control.quiet();
      await this.sim.control.quiet();
      if (this.toFetch.size === 0) return;
      const ids = [...this.toFetch];
      this.toFetch.clear();
      for (const wanted of ids) {
        // A hint the mirror does not know (a brand-new window) means: look from the root.
        const id = this.nodes.has(wanted) ? wanted : this.sim.rootId;
        try {
          this.replace(id, await this.sim.fetchSubtree(id, { signal: AbortSignal.timeout(5_000) }));
        } catch {
          // Gone since (a closed window named by a detail-less event): look from its parent.
          this.toFetch.add(this.nodes.get(id)?.parentId ?? this.sim.rootId);
        }
      }
    }
  }

  private replace(id: string, fetched: BackendNode[]): void {
    const drop = (nodeId: string): void => {
      const node = this.nodes.get(nodeId);
      if (node === undefined) return;
      this.nodes.delete(nodeId);
      node.children.forEach(drop);
    };
    drop(id);
    for (const node of fetched) this.nodes.set(node.id, structuredClone(node));
  }

  /** The mirror in pre-order from the root, like groundTruth(). */
  tree(): BackendNode[] {
    const out: BackendNode[] = [];
    const visit = (id: string): void => {
      const node = this.nodes.get(id);
      if (node === undefined) return;
      out.push(node);
      node.children.forEach(visit);
    };
    visit(this.sim.rootId);
    return out;
  }
}

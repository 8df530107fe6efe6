/**
 * One `tree()` Observable: a mirror built from `tree.subscribe`, patched by `tree.patch`,
 * rebuilt from a fresh copy on `tree.resync` and after a reconnect.
 */
import type { Subscriber } from 'rxjs';
import type { MethodInput, MethodResult, Patch } from '../../protocol/src/index.js';
import type { MirroredTree, Resumable, StreamHost } from './client.js';
import { UistreamError } from './errors.js';
import { TreeMirror } from './mirror.js';
import { ServerStream } from './server-stream.js';

export class TreeStream extends ServerStream<MirroredTree> implements Resumable {
  private mirror: TreeMirror | null = null;

  constructor(
    host: StreamHost,
    private readonly target: MethodInput<'tree.subscribe'>,
    subscriber: Subscriber<MirroredTree>,
  ) {
    super(host, subscriber, 'tree.unsubscribe');
  }

  start(): Promise<void> {
    return this.subscribe();
  }

  resume(): Promise<void> {
    this.id = null;
    return this.subscribe();
  }

  private async subscribe(): Promise<void> {
    if (this.stopped) return;
    try {
      await this.host.request('tree.subscribe', this.target ?? {}, (raw) => {
        const result = raw as MethodResult<'tree.subscribe'>;
        this.id = result.subscription;
        this.mirror = new TreeMirror(result.root, result.nodes, result.revision);
        this.host.route(result.subscription, (m, p) => this.onNotification(m, p));
        this.emit();
      });
    } catch (err) {
      if (!(err instanceof UistreamError && err.code === 'backend_unavailable')) this.fail(err);
    }
  }

  private onNotification(method: string, params: unknown): void {
    if (this.stopped || this.mirror === null) return;
    if (method === 'tree.patch') {
      const { patches, revision } = params as { patches: Patch[]; revision: number };
      this.mirror.apply(patches, revision);
      this.emit();
    } else if (method === 'tree.resync' && this.id !== null) {
      this.host.route(this.id, null);
      this.id = null;
      this.host.stats.resyncs++;
      void this.subscribe();
    }
  }

  private emit(): void {
    if (this.mirror === null || this.stopped) return;
    this.subscriber.next({
      revision: this.mirror.revision,
      tree: this.mirror.toTree(),
      nodes: this.mirror.list(),
    });
  }
}

/**
 * One `tree()` Observable: a mirror built from `tree.subscribe`, patched by `tree.patch`,
 * rebuilt from a fresh copy on `tree.resync` and after a reconnect.
 */
import type { Subscriber } from 'rxjs';
import type { MethodInput, MethodResult, Patch } from '../../protocol/src/index.js';
import type { MirrorEnd, MirroredTree, Resumable, StreamHost } from './client.js';
import { UistreamError } from './errors.js';
import { TreeMirror } from './mirror.js';
import { ServerStream } from './server-stream.js';

/** Answers to a renewed tree.subscribe that mean the mirrored window or element is gone. */
const GONE = new Set(['window_not_found', 'app_not_found', 'element_stale', 'element_not_found']);

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
      if (err instanceof UistreamError && err.code === 'backend_unavailable') return;
      // A mirror ends this way only if what it mirrored existed: it was mirrored, or the server
      // says the window it was asked for was issued and has closed (a race with the close).
      // A first subscribe to something that never existed is an error.
      const existed =
        this.mirror !== null || (err instanceof UistreamError && err.details?.issued === true);
      if (err instanceof UistreamError && GONE.has(err.code) && existed) {
        this.finish(err);
      } else {
        this.fail(err);
      }
    }
  }

  /** What was mirrored is gone: a last value with `ended` and the reason, then complete. */
  private finish(err: UistreamError): void {
    if (this.stopped) return;
    const windowGone = err.code === 'window_not_found' || err.code === 'app_not_found';
    const ended: MirrorEnd = {
      reason: windowGone || this.target?.root === undefined ? 'window_closed' : 'element_removed',
      code: err.code,
      message: err.message,
    };
    const revision = this.mirror?.revision ?? 0;
    this.subscriber.next({ revision, tree: null, nodes: [], ended });
    this.end();
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

/**
 * The clipboard capability of the UIA backend as the server sees it: every read and write is a
 * call to the host (uiaWin32Clipboard), which also announces each change it sees; the server
 * never opens the clipboard itself.
 */
import { Subject, type Observable } from 'rxjs';
import type { ClipboardFormat } from '../../../protocol/src/index.js';
import type { BackendClipboard, ClipboardContent, ClipboardState } from '../clipboard.js';
import type { HostOp } from './uiaHostProtocol.js';

type HostCall = (op: HostOp, args: unknown, signal: AbortSignal) => Promise<unknown>;

export class UiaClipboard implements BackendClipboard {
  private readonly changes = new Subject<ClipboardState>();
  readonly changes$: Observable<ClipboardState> = this.changes.asObservable();

  constructor(private readonly call: HostCall) {}

  /** A change the host announced. */
  announce(state: ClipboardState): void {
    this.changes.next(state);
  }

  complete(): void {
    this.changes.complete();
  }

  async state(signal: AbortSignal): Promise<ClipboardState> {
    return (await this.call('clipboardState', {}, signal)) as ClipboardState;
  }

  async read(
    format: ClipboardFormat,
    maxBytes: number,
    signal: AbortSignal,
  ): Promise<string | Uint8Array | undefined> {
    const data = (await this.call('clipboardRead', { format, maxBytes }, signal)) as
      string | Uint8Array | null;
    if (data === null) return undefined;
    // The IPC deserializer may hand out a view into its message buffer: keep a copy of our own.
    return typeof data === 'string' ? data : new Uint8Array(data);
  }

  async write(content: ClipboardContent, signal: AbortSignal): Promise<void> {
    await this.call('clipboardWrite', content, signal);
  }
}

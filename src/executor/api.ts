/**
 * The executor's in-process API: the only path that changes the desktop. Every call carries
 * the caller's identity (for lanes, cancel and rate limits) and an AbortSignal.
 */
import type {
  MethodName,
  MethodParams,
  MethodResult,
  WindowOpResult,
} from '../../protocol/src/index.js';
import type { ScreenshotMode } from '../config.js';
import type { WindowOpMethod } from './window-op.js';

export interface CallerContext {
  /** Stable per connection / MCP session; used for rate limits, cancel and the audit log. */
  clientId: string;
  /** Aborts when the caller goes away or cancels. */
  signal: AbortSignal;
  /** This transport's post-action screenshot default (MCP: on-failure); unset = the server's. */
  screenshots?: ScreenshotMode;
}

export type ActionMethod = Extract<
  MethodName,
  | 'actions.click'
  | 'actions.type'
  | 'actions.keys'
  | 'actions.setValue'
  | 'actions.select'
  | 'actions.invoke'
  | 'actions.focus'
  | 'actions.scroll'
  | 'actions.scrollIntoView'
  | 'actions.drag'
  | 'actions.waitFor'
  | 'actions.batch'
>;

export interface Executor {
  /** Run an action method (validated params). Rejects with a UiError on failure. */
  run<M extends ActionMethod>(
    method: M,
    params: MethodParams<M>,
    ctx: CallerContext,
  ): Promise<MethodResult<M>>;
  /**
   * Run a desktop operation that is not an element action (launching or closing an app): gated
   * by the access policy and the client's rate, cancellable by the client, written to the audit
   * log with `target` (a short description) and its outcome. `work` gets the call's signal.
   */
  runOperation<T>(
    method: MethodName,
    target: string | null,
    ctx: CallerContext,
    work: (signal: AbortSignal) => Promise<T>,
  ): Promise<T>;
  /** windows.move / resize / setState / activate / close: the window as read back after. */
  windowOp(
    method: WindowOpMethod,
    params: MethodParams<WindowOpMethod>,
    ctx: CallerContext,
  ): Promise<WindowOpResult>;
  /** Cancel the caller's pending and running actions; answers how many. */
  cancel(clientId: string): number;
  /** elements.find with an implicit, event-driven wait (timeoutMs). */
  find(
    params: MethodParams<'elements.find'>,
    ctx: CallerContext,
  ): Promise<MethodResult<'elements.find'>>;
  stats(): { queued: number; running: number; completed: number; failed: number };
  stop(): Promise<void>;
}

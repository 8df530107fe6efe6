/**
 * The publisher's life as one state machine: every state it can be in, every input that moves
 * it, and the one table of transitions. An input a state does not list leaves it unchanged
 * (a late outcome of work that a reconnect or a stop made moot).
 */

export enum PublisherState {
  /** Sends whenever the log has events and the window has room. */
  Idle = 'idle',
  /** The log's ring moved past the cursor: settling what the stream holds, reporting the gap. */
  Gap = 'gap',
  /** A publish failed: nothing new is sent until every batch in flight has settled. */
  Failed = 'failed',
  /** Everything settled after a failure: waiting to send again from the acknowledged prefix. */
  Recovering = 'recovering',
  /**
   * The connection is down. The client would buffer publishes and flush them on reconnect
   * while earlier ones written to the dying socket are lost, so later seqs would reach the
   * stream before earlier ones: nothing is handed to it until it is back.
   */
  Offline = 'offline',
  Stopped = 'stopped',
}

export type PublisherInput =
  /** A page could not be read: the ring dropped events after the cursor. */
  | 'expired'
  /** The gap was reported (or found to be none). */
  | 'gapDone'
  /** A batch's publish failed. */
  | 'failed'
  /** After a failure, no batch is in flight any more. */
  | 'settled'
  /** The pause after a failure is over. */
  | 'retried'
  | 'disconnected'
  | 'reconnected'
  | 'stop';

type Table = Record<PublisherState, Partial<Record<PublisherInput, PublisherState>>>;

const S = PublisherState;

/** Every transition. A disconnect or a stop reaches every state; a reconnect starts afresh. */
const TRANSITIONS: Table = {
  [S.Idle]: { expired: S.Gap, failed: S.Failed },
  [S.Gap]: { gapDone: S.Idle, failed: S.Failed },
  [S.Failed]: { settled: S.Recovering },
  [S.Recovering]: { retried: S.Idle },
  [S.Offline]: {},
  [S.Stopped]: {},
};

/** The state after `input`, or the same state when `input` means nothing in it. */
export function nextState(state: PublisherState, input: PublisherInput): PublisherState {
  if (state === S.Stopped) return state;
  if (input === 'stop') return S.Stopped;
  if (input === 'disconnected') return S.Offline;
  // A reconnect abandons whatever was in flight and sends again from the acknowledged prefix.
  if (input === 'reconnected') return S.Idle;
  return TRANSITIONS[state][input] ?? state;
}

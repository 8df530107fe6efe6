import { describe, expect, it } from 'vitest';
import {
  nextState,
  PublisherState as S,
  type PublisherInput,
} from '../../../src/fleet/publisher-state.js';

describe('publisher state machine', () => {
  it('rolls back after a failure only once nothing is in flight, then sends again', () => {
    expect(nextState(S.Idle, 'failed')).toBe(S.Failed);
    expect(nextState(S.Failed, 'failed')).toBe(S.Failed);
    expect(nextState(S.Failed, 'settled')).toBe(S.Recovering);
    expect(nextState(S.Recovering, 'retried')).toBe(S.Idle);
  });

  it('reports a gap from idle and goes back to idle once it is reported', () => {
    expect(nextState(S.Idle, 'expired')).toBe(S.Gap);
    expect(nextState(S.Gap, 'gapDone')).toBe(S.Idle);
  });

  it('goes offline from any live state and starts afresh on reconnect', () => {
    for (const state of [S.Idle, S.Gap, S.Failed, S.Recovering]) {
      expect(nextState(state, 'disconnected')).toBe(S.Offline);
      expect(nextState(state, 'reconnected')).toBe(S.Idle);
    }
    expect(nextState(S.Offline, 'reconnected')).toBe(S.Idle);
  });

  it('ignores late outcomes of work a reconnect or stop made moot', () => {
    expect(nextState(S.Offline, 'retried')).toBe(S.Offline);
    expect(nextState(S.Offline, 'gapDone')).toBe(S.Offline);
    expect(nextState(S.Idle, 'retried')).toBe(S.Idle);
    const inputs: PublisherInput[] = ['expired', 'failed', 'reconnected', 'disconnected'];
    for (const input of inputs) expect(nextState(S.Stopped, input)).toBe(S.Stopped);
    expect(nextState(S.Recovering, 'stop')).toBe(S.Stopped);
  });
});

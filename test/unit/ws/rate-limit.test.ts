import { describe, expect, it } from 'vitest';
import { TokenBucket } from '../../../src/ws/rate-limit.js';

describe('TokenBucket', () => {
  it('allows a one-second burst, then refills at the rate', () => {
    let t = 0;
    const bucket = new TokenBucket(10, () => t);
    const first = Array.from({ length: 15 }, () => bucket.take());
    expect(first.filter(Boolean)).toHaveLength(10);
    t += 500;
    const later = Array.from({ length: 10 }, () => bucket.take());
    expect(later.filter(Boolean)).toHaveLength(5);
  });

  it('never stores more than one second of tokens', () => {
    let t = 0;
    const bucket = new TokenBucket(4, () => t);
    t += 60_000;
    expect(Array.from({ length: 10 }, () => bucket.take()).filter(Boolean)).toHaveLength(4);
  });
});

/** Over a real socket, every method of the registry refuses unknown keys by name. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { methods } from '../../../protocol/src/index.js';
import { RawClient, startTestServer, type TestServer } from './harness.js';

let t: TestServer;
let client: RawClient;
beforeAll(async () => {
  t = await startTestServer();
  client = await RawClient.open(t.url);
});
afterAll(async () => {
  client.close();
  await t.close();
});

describe('unknown keys over WebSocket', () => {
  it.each(methods.map((m) => [m.name] as const))(
    '%s answers invalid_params naming it',
    async (name) => {
      const reply = await client.call(name, { zzUnknown: 1 });
      expect(reply.error?.data?.code).toBe('invalid_params');
      expect(reply.error?.data?.message).toContain('"zzUnknown"');
      expect(reply.error?.data?.message).toContain('accepted:');
    },
  );

  it('does not widen a find whose filter is misspelt', async () => {
    const reply = await client.call('elements.find', { controlTyp: 'Button' });
    expect(reply.result).toBeUndefined();
    expect(reply.error?.data?.message).toMatch(/"controlTyp".*accepted: .*controlType/);
  });
});

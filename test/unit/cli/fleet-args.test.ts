import { describe, expect, it } from 'vitest';
import { parseCli, UsageError } from '../../../src/cli/args.js';

const URL = 'nats://127.0.0.1:4222';

describe('fleet flags of serve and mcp', () => {
  it('maps --nats, --nats-creds, --node and --nats-heartbeat into the fleet config', () => {
    const cli = parseCli([
      ...['mcp', '--nats', URL, '--nats-creds', '/etc/desk.creds'],
      ...['--node', 'desk-a', '--nats-heartbeat', '2000'],
    ]);
    expect(cli.config.fleet).toMatchObject({
      url: URL,
      credsFile: '/etc/desk.creds',
      node: 'desk-a',
      heartbeatMs: 2000,
      // Gone after three missed heartbeats.
      goneAfterMs: 6000,
    });
  });

  it('leaves the fleet off without --nats', () => {
    expect(parseCli(['serve']).config.fleet.url).toBeUndefined();
  });
});

describe('uistream fleet', () => {
  it('parses nodes, call and events', () => {
    expect(parseCli(['fleet', 'nodes', '--nats', URL]).fleet).toEqual({ sub: 'nodes', url: URL });
    expect(
      parseCli(['fleet', 'call', 'desk-a', 'elements.find', '{"name":"OK"}', '--nats', URL]).fleet,
    ).toEqual({
      sub: 'call',
      url: URL,
      node: 'desk-a',
      method: 'elements.find',
      params: { name: 'OK' },
    });
    expect(
      parseCli([
        ...['fleet', 'events', '--nats', URL, '--nodes', 'a,b', '--types', 'window.opened'],
        ...['--from', 'all', '--durable', 'dash'],
      ]).fleet,
    ).toEqual({
      sub: 'events',
      url: URL,
      nodes: ['a', 'b'],
      types: ['window.opened'],
      from: 'all',
      durable: 'dash',
    });
  });

  it.each([
    [['fleet', 'nodes'], /need --nats URL/],
    [['fleet', 'call', 'a b', 'windows.list', '--nats', URL], /needs a node name/],
    [['fleet', 'call', 'desk-a', '--nats', URL], /needs a method name/],
    [['fleet', 'call', 'desk-a', 'windows.list', '[', '--nats', URL], /not JSON/],
    [['fleet', 'events', '--nodes', 'a,b.c', '--nats', URL], /needs a node name, got "b.c"/],
    [['fleet', 'events', '--from', 'later', '--nats', URL], /--from is all or new/],
    [['fleet', 'nodes', 'extra', '--nats', URL], /unknown fleet command "nodes extra"/],
    [['fleet', 'nodes', '--nats', URL, '--bogus'], /bogus/],
  ])('rejects %j with a usage error', (argv, message) => {
    expect(() => parseCli(argv)).toThrow(UsageError);
    expect(() => parseCli(argv)).toThrow(message);
  });
});

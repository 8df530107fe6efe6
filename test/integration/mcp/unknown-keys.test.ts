/** Over streamable HTTP, every listed tool of both profiles refuses unknown arguments by name. */
import { describe, expect, it } from 'vitest';
import { call, useMcpHttp } from './harness.js';

describe.each(['default', 'ui_automation'] as const)('unknown arguments (%s profile)', (tools) => {
  const mcp = useMcpHttp({ mcp: { tools } });

  it('every listed tool answers invalid_params naming the key and the accepted ones', async () => {
    const { tools: listed } = await mcp.client.listTools();
    expect(listed.length).toBeGreaterThan(0);
    for (const tool of listed) {
      const args = tools === 'ui_automation' ? { action: 'find', zzUnknown: 1 } : { zzUnknown: 1 };
      const answer = await call(mcp.client, tool.name, args);
      expect(answer.isError, tool.name).toBe(true);
      expect(answer.text, tool.name).toContain('invalid_params');
      expect(answer.text, tool.name).toMatch(/\\?"zzUnknown\\?"/);
      expect(answer.text, tool.name).toContain('accepted:');
    }
  });
});

/**
 * Every method of the registry refuses unknown keys, at the top and inside nested objects,
 * naming the key and listing the accepted ones. Methods added later inherit it by being
 * declared with defineMethod, so this iterates the registry rather than a list.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { methods, strictParams } from '../../../protocol/src/index.js';

function messages(schema: z.ZodType, input: unknown): string[] {
  const parsed = schema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
}

describe('strict params', () => {
  it.each(methods.map((m) => [m.name, m] as const))('%s refuses an unknown key', (_name, m) => {
    const found = messages(m.params, { zzUnknown: 1 });
    const named = found.find((text) => text.includes('"zzUnknown"'));
    expect(named).toBeDefined();
    expect(named).toMatch(/accepted: /);
  });

  it('refuses unknown keys inside nested objects and names the accepted ones', () => {
    const click = methods.find((m) => m.name === 'actions.click');
    const found = messages(click!.params, { target: { nmae: 'Save' } });
    expect(found[0]).toContain('"nmae"');
    expect(found[0]).toContain('accepted: name, nameMatch');
  });

  it('keeps defaults, descriptions and accepted input as they were', () => {
    const loose = z
      .object({ a: z.number().default(1).describe('an a'), inner: z.object({ b: z.string() }) })
      .default({ a: 1, inner: { b: 'x' } });
    const strict = strictParams(loose);
    expect(strict.parse(undefined)).toEqual({ a: 1, inner: { b: 'x' } });
    expect(strict.parse({ inner: { b: 'y' } })).toEqual({ a: 1, inner: { b: 'y' } });
    expect(JSON.stringify(z.toJSONSchema(strict))).toContain('an a');
    expect(strict.safeParse({ inner: { b: 'y', c: 1 } }).success).toBe(false);
    expect(loose.safeParse({ inner: { b: 'y', c: 1 } }).success).toBe(true);
  });
});

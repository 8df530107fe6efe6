/**
 * Writes protocol/generated/: one JSON Schema file per method and notification, schemas of the
 * shared messages, and a readable protocol.md, all derived from the zod schemas in protocol/src.
 * `--check` regenerates in memory and fails when a checked-in file differs (stale or missing).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  ERROR_CODES,
  DEFAULT_RECOVERY,
  JsonRpcRequest,
  JsonRpcResponse,
  Patch,
  PROTOCOL_VERSION,
  ProviderHello,
  ProviderMessage,
  ServerToProvider,
  UiEvent,
  WireError,
  methods,
  notifications,
} from '../src/index.js';
import { renderMarkdown } from './markdown.js';
import { renderPython } from './python.js';

const here = dirname(fileURLToPath(import.meta.url));
const outDir = join(here, '..', 'generated');
/** The Python client's generated module (a second output beside protocol/generated). */
const pythonModule = join(
  here,
  '..',
  '..',
  'clients',
  'python',
  'src',
  'uistream',
  '_generated.py',
);

type Json = Record<string, unknown>;

function toSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' });
}

/** Every generated file, path relative to protocol/generated -> content. */
export function buildFiles(): Map<string, string> {
  const files = new Map<string, string>();
  const put = (path: string, value: Json): void => {
    files.set(path, JSON.stringify(value, null, 2) + '\n');
  };
  for (const m of methods) {
    put(`schema/methods/${m.name}.json`, {
      method: m.name,
      kind: m.kind,
      summary: m.summary,
      ...(m.mcp === undefined ? {} : { mcp: m.mcp }),
      params: toSchema(m.params, 'input'),
      result: toSchema(m.result, 'output'),
    });
  }
  for (const n of notifications) {
    put(`schema/notifications/${n.name}.json`, {
      notification: n.name,
      summary: n.summary,
      params: toSchema(n.params, 'output'),
    });
  }
  put('schema/messages/request.json', toSchema(JsonRpcRequest, 'input'));
  put('schema/messages/response.json', toSchema(JsonRpcResponse, 'output'));
  put('schema/messages/error.json', toSchema(WireError, 'output'));
  put('schema/messages/event.json', toSchema(UiEvent, 'output'));
  put('schema/messages/patch.json', toSchema(Patch, 'output'));
  put('schema/provider/hello.json', toSchema(ProviderHello, 'input'));
  put('schema/provider/message.json', toSchema(ProviderMessage, 'input'));
  put('schema/provider/server-to-provider.json', toSchema(ServerToProvider, 'output'));
  const markdown = renderMarkdown({
    version: PROTOCOL_VERSION,
    methods: methods.map((m) => ({
      name: m.name,
      kind: m.kind,
      summary: m.summary,
      mcp: m.mcp,
      params: toSchema(m.params, 'input'),
      result: toSchema(m.result, 'output'),
    })),
    notifications: notifications.map((n) => ({
      name: n.name,
      summary: n.summary,
      params: toSchema(n.params, 'output'),
    })),
    errors: ERROR_CODES.map((code) => ({ code, recovery: DEFAULT_RECOVERY[code] })),
  });
  files.set('protocol.md', markdown);
  const stamp = createHash('sha256');
  for (const [path, content] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
    stamp.update(path).update(content);
  }
  files.set('STAMP', `protocol ${PROTOCOL_VERSION} sha256 ${stamp.digest('hex')}\n`);
  return files;
}

export function buildPython(): string {
  return renderPython({
    version: PROTOCOL_VERSION,
    methods: methods.map((m) => ({
      name: m.name,
      kind: m.kind,
      summary: m.summary,
      params: toSchema(m.params, 'input'),
      result: toSchema(m.result, 'output'),
    })),
    errors: [...ERROR_CODES],
  });
}

function listExisting(dir: string): string[] {
  const found: string[] = [];
  const walk = (d: string): void => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const full = join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else found.push(relative(outDir, full));
    }
  };
  try {
    walk(dir);
  } catch {
    // No generated folder yet: everything is missing.
  }
  return found;
}

function check(files: Map<string, string>): string[] {
  const problems: string[] = [];
  for (const [path, content] of files) {
    let onDisk: string | undefined;
    try {
      onDisk = readFileSync(join(outDir, path), 'utf8');
    } catch {
      onDisk = undefined;
    }
    if (onDisk === undefined) problems.push(`missing: ${path}`);
    else if (onDisk !== content) problems.push(`stale: ${path}`);
  }
  for (const path of listExisting(outDir)) {
    if (!files.has(path)) problems.push(`not generated any more: ${path}`);
  }
  return problems;
}

function write(files: Map<string, string>): void {
  rmSync(outDir, { recursive: true, force: true });
  for (const [path, content] of files) {
    const full = join(outDir, path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, content);
  }
}

function checkPython(content: string): string[] {
  let onDisk: string | undefined;
  try {
    onDisk = readFileSync(pythonModule, 'utf8');
  } catch {
    onDisk = undefined;
  }
  const path = relative(process.cwd(), pythonModule);
  if (onDisk === undefined) return [`missing: ${path}`];
  return onDisk === content ? [] : [`stale: ${path}`];
}

const files = buildFiles();
const python = buildPython();
if (process.argv.includes('--check')) {
  const problems = [...check(files), ...checkPython(python)];
  if (problems.length > 0) {
    console.error(
      `protocol/generated is stale (run npm run generate):\n  ${problems.join('\n  ')}`,
    );
    process.exit(1);
  }
  console.log(`protocol/generated is up to date (${files.size} files)`);
} else {
  write(files);
  mkdirSync(dirname(pythonModule), { recursive: true });
  writeFileSync(pythonModule, python);
  console.log(`wrote ${files.size} files to ${relative(process.cwd(), outDir)}`);
  console.log(`wrote ${relative(process.cwd(), pythonModule)}`);
}

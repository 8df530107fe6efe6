/**
 * The audit log: one JSON line per action (time, client, action, target, outcome, duration).
 * Each line is written with a synchronous append and fsync before the action's answer leaves,
 * so a crash right after an action never loses its line. Lines are small (the target is a
 * short description, never the typed text).
 */
import { closeSync, fsyncSync, openSync, writeSync } from 'node:fs';

export interface AuditRecord {
  time: string;
  client: string;
  action: string;
  target: string | null;
  /** 'ok', 'dry_run', or the wire error code. */
  outcome: string;
  durationMs: number;
}

export interface AuditLog {
  write(record: AuditRecord): void;
  close(): void;
}

/** Writes nothing: used when no audit path is configured. */
export const NO_AUDIT: AuditLog = { write: () => undefined, close: () => undefined };

/** Open (create or append to) a JSON-lines audit file. */
export function openAuditLog(path: string): AuditLog {
  let fd: number | null = openSync(path, 'a', 0o600);
  return {
    write(record) {
      if (fd === null) return;
      writeSync(fd, `${JSON.stringify(record)}\n`);
      fsyncSync(fd);
    },
    close() {
      if (fd === null) return;
      closeSync(fd);
      fd = null;
    },
  };
}

/** A short, human description of an action target, for the audit line. */
export function describeTarget(target: unknown): string | null {
  if (typeof target === 'string') return target;
  if (target === undefined || target === null || typeof target !== 'object') return null;
  const t = target as Record<string, unknown>;
  if (typeof t.ref === 'string') return t.ref;
  if (typeof t.x === 'number' && typeof t.y === 'number') return `(${t.x},${t.y})`;
  const parts: string[] = [];
  for (const key of ['window', 'controlType', 'name', 'automationId'] as const) {
    const value = t[key];
    if (typeof value === 'string') parts.push(`${key}=${JSON.stringify(value)}`);
  }
  return parts.length === 0 ? null : parts.join(' ');
}

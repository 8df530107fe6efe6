/** Where the Java fixtures' JVMs write their crash reports, and what a report names. */
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where a fixture's JVM writes its crash report (not the working directory): `%p` its pid. */
export const JAVA_CRASH_LOG = join(tmpdir(), 'uistream-java-crash-%p.log');

/** The frame a crashed fixture's JVM names as the problem, if it crashed (pid of the JVM). */
export function javaCrashFrame(pid: number): string | undefined {
  const log = JAVA_CRASH_LOG.replace('%p', String(pid));
  if (!existsSync(log)) return undefined;
  const lines = readFileSync(log, 'utf8').split('\n');
  const at = lines.findIndex((line) => line.startsWith('# Problematic frame:'));
  return at < 0 ? 'crashed (no frame named)' : lines[at + 1]?.replace(/^#\s*/, '');
}

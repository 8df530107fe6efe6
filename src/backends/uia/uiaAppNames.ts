/**
 * App names of processes, cached safely: a pid is reused by a new process once the old one
 * exits, so a name is reused only while the process under that pid is the same one (same
 * creation time). A wrong name would mislabel windows and weaken deny rules keyed by app name.
 * Bounded; pure (the reads are handed in), so it is unit-tested anywhere.
 */

export interface ProcessReader {
  /** The process's creation time (any stable number), or null when it cannot be opened. */
  startTime(pid: number): number | null;
  /** Executable name, lower-case, without extension; '' when unknown. */
  name(pid: number): string;
}

export class AppNames {
  private readonly byPid = new Map<number, { started: number; name: string }>();

  constructor(
    private readonly reader: ProcessReader,
    private readonly capacity = 512,
  ) {}

  of(pid: number): string {
    const started = this.reader.startTime(pid);
    const known = this.byPid.get(pid);
    if (started !== null && known !== undefined && known.started === started) return known.name;
    this.byPid.delete(pid);
    const name = this.reader.name(pid);
    // A process we cannot identify is never cached: the next read asks again.
    if (started === null) return name;
    this.byPid.set(pid, { started, name });
    if (this.byPid.size > this.capacity) {
      const oldest = this.byPid.keys().next().value as number;
      this.byPid.delete(oldest);
    }
    return name;
  }

  get size(): number {
    return this.byPid.size;
  }
}

/**
 * A scripted person at the desktop, and the recorder watching them. The person's eyes are an
 * AT-SPI cache of their own (where an element is, waited for on events); their hands are
 * xdotool (XTest input, seen by RECORD like real input). Each gesture waits until the recorder
 * printed that it saw it, as a person looks before going on: no sleeps.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { filter, firstValueFrom, merge, of, timeout } from 'rxjs';
import type { ElementNode } from '../../protocol/src/index.js';
import type { UiCache } from '../../src/cache/api.js';
import type { DesktopSession } from '../../scripts/desktop/session.js';

const run = promisify(execFile);
export const REPO = join(import.meta.dirname, '..', '..');
const DEADLINE_MS = 20_000;

/** The element a query finds, waited for on the cache's events (the person looks). */
export function waitForElement(
  cache: UiCache,
  query: { name: string; controlType: ElementNode['controlType']; window?: string },
): Promise<ElementNode> {
  const look = (): ElementNode | undefined => {
    try {
      const found = cache.find({
        ...query,
        nameMatch: 'equals',
        caseSensitive: false,
        maxResults: 5,
      }).elements;
      return found.length === 1 && found[0]?.rect != null ? found[0] : undefined;
    } catch {
      return undefined;
    }
  };
  return firstValueFrom(
    merge(of(null), cache.events.events$).pipe(
      filter(() => look() !== undefined),
      timeout({
        first: DEADLINE_MS,
        with: () => {
          throw new Error(`the person never saw ${JSON.stringify(query)}`);
        },
      }),
    ),
  ).then(() => look() as ElementNode);
}

/** `uistream record` as a child process, its printed moments readable one by one. */
export class RecorderProcess {
  readonly child: ChildProcess;
  readonly lines: string[] = [];
  private waiters: (() => void)[] = [];
  readonly exited: Promise<number | null>;

  constructor(desktop: DesktopSession, args: readonly string[]) {
    const cli = join(REPO, 'bin', 'uistream.js');
    this.child = spawn(process.execPath, [cli, 'record', ...args], {
      env: desktop.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [this.child.stdout, this.child.stderr]) {
      if (stream === null) continue;
      createInterface({ input: stream }).on('line', (line) => {
        this.lines.push(line);
        for (const wake of this.waiters.splice(0)) wake();
      });
    }
    this.exited = new Promise((done) => this.child.on('exit', (code) => done(code)));
  }

  /** Resolve once `count` lines matching `pattern` have been printed (in all). */
  async seen(pattern: RegExp, count = 1): Promise<void> {
    const deadline = Date.now() + DEADLINE_MS;
    while (this.lines.filter((l) => pattern.test(l)).length < count) {
      if (Date.now() > deadline || this.child.exitCode !== null) {
        throw new Error(
          `recorder never printed ${String(pattern)} x${count}:\n${this.lines.join('\n')}`,
        );
      }
      await new Promise<void>((wake) => {
        this.waiters.push(wake);
        setTimeout(wake, deadline - Date.now()).unref();
      });
    }
  }

  /** Stop as a person does (Ctrl+C): the recorder writes its file and exits. */
  async finish(): Promise<number | null> {
    this.child.kill('SIGINT');
    return await this.exited;
  }
}

/** Hands: xdotool into the session's display. */
export class Person {
  constructor(
    private readonly desktop: DesktopSession,
    private readonly eyes: UiCache,
    private readonly recorder: RecorderProcess,
  ) {}

  private async xdotool(...args: string[]): Promise<void> {
    await run('xdotool', args, { env: this.desktop.env });
  }

  async click(query: Parameters<typeof waitForElement>[1], recorded: RegExp): Promise<void> {
    const node = await waitForElement(this.eyes, query);
    const rect = node.rect!;
    const x = Math.round(rect.x + rect.width / 2);
    const y = Math.round(rect.y + rect.height / 2);
    const clicks = this.recorder.lines.filter((l) => recorded.test(l)).length;
    await this.xdotool('mousemove', String(x), String(y), 'click', '1');
    await this.recorder.seen(recorded, clicks + 1);
  }

  async type(text: string): Promise<void> {
    const keys = this.recorder.lines.filter((l) => l.startsWith('recorded: key')).length;
    await this.xdotool('type', '--delay', '30', text);
    await this.recorder.seen(/^recorded: key/, keys + [...text].length);
  }

  async chord(combo: string, recorded: RegExp): Promise<void> {
    const before = this.recorder.lines.filter((l) => recorded.test(l)).length;
    await this.xdotool('key', combo);
    await this.recorder.seen(recorded, before + 1);
  }
}

/**
 * What the benchmark measures inside the page. These functions run in Chromium (passed to
 * page.evaluate), so they use only the page's globals and take their inputs as arguments.
 */

interface PageGlobals {
  performance: {
    now(): number;
    getEntriesByType(type: string): { name: string; startTime: number }[];
  };
  PerformanceObserver: new (cb: (list: { getEntries(): { duration: number }[] }) => void) => {
    observe(options: { type: string; buffered: boolean }): void;
  };
  requestAnimationFrame(cb: (t: number) => void): void;
  document: { querySelector(sel: string): { scrollTop: number; scrollHeight: number } | null };
  console: { timeStamp(label: string): void };
  benchLongTasks?: number[];
}

/** Marks in the trace around the scroll (trace.ts sums the tasks between them). */
export const SCROLL_MARKS = { from: 'bench:scroll-start', to: 'bench:scroll-end' } as const;

/** First paint (or first contentful paint) since navigation start, in ms. */
export function firstPaint(): number | null {
  const g = globalThis as unknown as PageGlobals;
  const entries = g.performance.getEntriesByType('paint');
  const paint = entries.find((e) => e.name === 'first-paint') ?? entries[0];
  return paint === undefined ? null : paint.startTime;
}

/** Start collecting main-thread tasks over 50 ms (the Long Tasks API). */
export function watchLongTasks(): void {
  const g = globalThis as unknown as PageGlobals;
  g.benchLongTasks = [];
  new g.PerformanceObserver((list) => {
    for (const e of list.getEntries()) g.benchLongTasks!.push(e.duration);
  }).observe({ type: 'longtask', buffered: false });
}

export function longTasks(): number[] {
  return (globalThis as unknown as PageGlobals).benchLongTasks ?? [];
}

/** Scroll the tree down and up for `ms`, `step` px a frame; answer every frame's duration. */
export function scrollFrames(args: {
  ms: number;
  step: number;
  marks: { from: string; to: string };
}): Promise<number[]> {
  const g = globalThis as unknown as PageGlobals;
  const viewport = g.document.querySelector('[data-testid="tree"]');
  if (viewport === null) return Promise.resolve([]);
  const frames: number[] = [];
  let direction = 1;
  return new Promise((resolve) => {
    const started = g.performance.now();
    let last = started;
    const tick = (now: number): void => {
      frames.push(now - last);
      last = now;
      const next = viewport.scrollTop + direction * args.step;
      if (next <= 0 || next >= viewport.scrollHeight - 500) direction = -direction;
      viewport.scrollTop = next;
      if (now - started < args.ms) g.requestAnimationFrame(tick);
      else {
        g.console.timeStamp(args.marks.to);
        resolve(frames.slice(1));
      }
    };
    g.requestAnimationFrame((t) => {
      g.console.timeStamp(args.marks.from);
      last = t;
      g.requestAnimationFrame(tick);
    });
  });
}

/**
 * The selected window's tree, mirrored exactly through `tree.subscribe` (mirror-stream.ts applies
 * every patch and rebuilds on `tree.resync`) and drawn virtualized: only the rows in view exist
 * in the DOM, so a 10,000-row list scrolls as smoothly as a 10-row one. A keyboard tree
 * (arrows, Home/End, Enter) with aria-activedescendant.
 */
import { signal, useComputed, useSignalEffect } from '@preact/signals';
import { useEffect, useRef, useState } from 'preact/hooks';
import { openMirror, type MirrorHandle } from './mirror-stream.js';
import { followFocus, hoveredRef, mirror, resyncs, selectedRef, selectedWindow } from './state.js';
import { ancestry, visibleRows, windowSlice } from './tree-model.js';

export const ROW_HEIGHT = 22;
const collapsed = signal<ReadonlySet<string>>(new Set());
let current: MirrorHandle | null = null;

export function mirrorWindow(ref: string | null): void {
  current?.stop();
  current = null;
  mirror.value = null;
  resyncs.value = 0;
  if (ref === null) return;
  current = openMirror(
    ref,
    (m) => (mirror.value = m),
    () => (resyncs.value += 1),
  );
}

/** Follow-focus: the focused element becomes the selection, its branch expanded. */
export function onFocusEvent(ref: string | undefined): void {
  if (!followFocus.value || ref === undefined) return;
  const nodes = mirror.value?.nodes ?? [];
  const set = new Set(collapsed.value);
  for (const r of ancestry(nodes, ref)) set.delete(r);
  collapsed.value = set;
  selectedRef.value = ref;
}

function toggle(ref: string): void {
  const set = new Set(collapsed.value);
  if (set.has(ref)) set.delete(ref);
  else set.add(ref);
  collapsed.value = set;
}

export function TreePanel() {
  const viewport = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(400);
  const rows = useComputed(() => visibleRows(mirror.value?.nodes ?? [], collapsed.value));
  useSignalEffect(() => mirrorWindow(selectedWindow.value));
  // The viewport's height is observed, not read while rendering: a read in render forces a
  // layout on every scroll frame.
  useEffect(() => {
    const el = viewport.current;
    if (el === null) return;
    const observer = new ResizeObserver(() => {
      if (el.clientHeight > 0) setHeight(el.clientHeight);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const list = rows.value;
  const { start, end } = windowSlice(list.length, scrollTop, height, ROW_HEIGHT);
  const index = list.findIndex((r) => r.node.ref === selectedRef.value);

  const select = (i: number): void => {
    const row = list[Math.max(0, Math.min(list.length - 1, i))];
    if (row === undefined) return;
    selectedRef.value = row.node.ref;
    const el = viewport.current;
    const top = list.indexOf(row) * ROW_HEIGHT;
    if (el !== null && (top < el.scrollTop || top + ROW_HEIGHT > el.scrollTop + el.clientHeight)) {
      el.scrollTop = top - el.clientHeight / 2;
    }
  };
  const onKey = (e: KeyboardEvent): void => {
    const row = list[index];
    const keys: Record<string, () => void> = {
      ArrowDown: () => select(index + 1),
      ArrowUp: () => select(index - 1),
      Home: () => select(0),
      End: () => select(list.length - 1),
      PageDown: () => select(index + Math.floor(height / ROW_HEIGHT)),
      PageUp: () => select(index - Math.floor(height / ROW_HEIGHT)),
      ArrowRight: () => row?.hasChildren && !row.expanded && toggle(row.node.ref),
      ArrowLeft: () => row?.expanded && toggle(row.node.ref),
      Enter: () => row?.hasChildren && toggle(row.node.ref),
    };
    const action = keys[e.key];
    if (action === undefined) return;
    e.preventDefault();
    action();
  };

  return (
    <section class="panel tree-panel" aria-labelledby="tree-h">
      <h2 id="tree-h">
        Tree{' '}
        <span class="meta">
          {list.length} rows · revision {mirror.value?.revision ?? '-'} · resyncs {resyncs.value}
        </span>
      </h2>
      <label class="inline">
        <input
          type="checkbox"
          checked={followFocus.value}
          onChange={(e) => (followFocus.value = e.currentTarget.checked)}
        />
        Follow focus
      </label>
      <div
        ref={viewport}
        class="tree-viewport"
        role="tree"
        aria-label="Element tree of the selected window"
        tabIndex={0}
        data-testid="tree"
        aria-activedescendant={index >= 0 ? `node-${list[index]!.node.ref}` : undefined}
        onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
        onKeyDown={onKey}
      >
        <div class="tree-spacer" style={{ height: `${list.length * ROW_HEIGHT}px` }}>
          {list.slice(start, end).map((row, i) => (
            <div
              key={row.node.ref}
              id={`node-${row.node.ref}`}
              class="tree-row"
              role="treeitem"
              aria-level={row.depth + 1}
              aria-expanded={row.hasChildren ? row.expanded : undefined}
              aria-selected={row.node.ref === selectedRef.value}
              data-ref={row.node.ref}
              style={{
                transform: `translateY(${(start + i) * ROW_HEIGHT}px)`,
                paddingLeft: `${row.depth * 14 + 4}px`,
              }}
              onClick={() => (selectedRef.value = row.node.ref)}
              onMouseEnter={() => (hoveredRef.value = row.node.ref)}
              onMouseLeave={() => (hoveredRef.value = null)}
            >
              <span
                class="twisty"
                aria-hidden="true"
                onClick={(e) => {
                  e.stopPropagation();
                  toggle(row.node.ref);
                }}
              >
                {row.hasChildren ? (row.expanded ? '▾' : '▸') : ' '}
              </span>
              <span class="ctype">{row.node.controlType}</span>{' '}
              <span class="name">"{row.node.name}"</span>
              {row.node.automationId && <span class="aid"> #{row.node.automationId}</span>}
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}

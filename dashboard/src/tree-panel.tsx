/**
 * The selected window's tree, mirrored exactly through `tree.subscribe` (mirror-stream.ts applies
 * every patch and rebuilds on `tree.resync`) and drawn virtualized: only the rows in view exist
 * in the DOM, so a 10,000-row list scrolls as smoothly as a 10-row one. A keyboard tree
 * (arrows, Home/End, Enter) with aria-activedescendant.
 */
import { signal, useSignalEffect } from '@preact/signals';
import { memo } from 'preact/compat';
import { useEffect, useRef, useState } from 'preact/hooks';
import { openMirror, type MirrorHandle } from './mirror-stream.js';
import { followFocus, hoveredRef, mirror, resyncs, selectedRef, selectedWindow } from './state.js';
import { windowSlice, type TreeRow } from './tree-model.js';

export const ROW_HEIGHT = 22;
/** Bumped when rows fold or unfold (the mirror's own frames come through `mirror`). */
const folds = signal(0);
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
  mirror.value?.rows.reveal(ref);
  folds.value += 1;
  selectedRef.value = ref;
}

function toggle(ref: string): void {
  mirror.value?.rows.toggle(ref);
  folds.value += 1;
}

interface ItemProps {
  row: TreeRow;
  index: number;
  selected: boolean;
}

/**
 * One row. Memoized: a scroll frame or a patch re-renders only the rows whose node, place or
 * selection changed, not every row in view.
 */
const TreeItem = memo(function TreeItem({ row, index, selected }: ItemProps) {
  const ref = row.node.ref;
  return (
    <div
      id={`node-${ref}`}
      class="tree-row"
      role="treeitem"
      aria-level={row.depth + 1}
      aria-expanded={row.hasChildren ? row.expanded : undefined}
      aria-selected={selected}
      data-ref={ref}
      style={{
        transform: `translateY(${index * ROW_HEIGHT}px)`,
        paddingLeft: `${row.depth * 14 + 4}px`,
      }}
      onClick={() => (selectedRef.value = ref)}
      onMouseEnter={() => (hoveredRef.value = ref)}
      onMouseLeave={() => (hoveredRef.value = null)}
    >
      <span
        class="twisty"
        aria-hidden="true"
        onClick={(e) => {
          e.stopPropagation();
          toggle(ref);
        }}
      >
        {row.hasChildren ? (row.expanded ? '▾' : '▸') : ' '}
      </span>
      <span class="ctype">{row.node.controlType}</span> <span class="name">"{row.node.name}"</span>
      {row.node.automationId && <span class="aid"> #{row.node.automationId}</span>}
    </div>
  );
});

export function TreePanel() {
  const viewport = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(400);
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

  void folds.value;
  const view = mirror.value;
  const total = view?.rows.length ?? 0;
  const { start, end } = windowSlice(total, scrollTop, height, ROW_HEIGHT);
  const selected = selectedRef.value;
  const index = view === null || selected === null ? -1 : view.rows.indexOf(selected);
  const shown = view === null ? [] : view.rows.slice(start, end);

  const select = (i: number): void => {
    const at = Math.max(0, Math.min(total - 1, i));
    const row = view?.rows.at(at);
    if (row === undefined) return;
    selectedRef.value = row.node.ref;
    const el = viewport.current;
    const top = at * ROW_HEIGHT;
    if (el !== null && (top < el.scrollTop || top + ROW_HEIGHT > el.scrollTop + el.clientHeight)) {
      el.scrollTop = top - el.clientHeight / 2;
    }
  };
  const onKey = (e: KeyboardEvent): void => {
    const row = view?.rows.at(index);
    const keys: Record<string, () => void> = {
      ArrowDown: () => select(index + 1),
      ArrowUp: () => select(index - 1),
      Home: () => select(0),
      End: () => select(total - 1),
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
          {total} rows · revision {mirror.value?.revision ?? '-'} · resyncs {resyncs.value}
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
        aria-activedescendant={index >= 0 ? `node-${selected}` : undefined}
        onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
        onKeyDown={onKey}
      >
        <div class="tree-spacer" style={{ height: `${total * ROW_HEIGHT}px` }}>
          {shown.map((row, i) => (
            <TreeItem
              key={row.node.ref}
              row={row}
              index={start + i}
              selected={row.node.ref === selected}
            />
          ))}
        </div>
      </div>
    </section>
  );
}

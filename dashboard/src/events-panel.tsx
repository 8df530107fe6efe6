/**
 * The live events log: filters by type, app, window, control type and subtree (applied by the
 * server), saved filter sets, counts per type, pause and resume from the seq cursor. Gaps and
 * notes are rows of their own, never hidden.
 */
import { useSignal } from '@preact/signals';
import { memo } from 'preact/compat';
import { useState } from 'preact/hooks';
import type { UiEvent } from '../../protocol/src/index.js';
import { UI_EVENT_TYPES } from '../../protocol/src/index.js';
import {
  applyFilter,
  counts,
  paused,
  pause,
  resume,
  rows,
  filter,
  lastSeq,
  type EventFilter,
  type LogRow,
} from './events-log.js';
import { selectedRef, selectedWindow } from './state.js';
import { CheckField, TextField } from './fields.js';
import { windowSlice } from './tree-model.js';

/** Height of one log row in px (the stylesheet's `.log li` says the same). */
const LOG_ROW = 17;
/** Height of the log's viewport in px (`.log`). */
const LOG_HEIGHT = 300;
const TYPES = UI_EVENT_TYPES;
const SAVED_KEY = 'uistream.dashboard.filters';

function savedSets(): Record<string, EventFilter> {
  try {
    return JSON.parse(localStorage.getItem(SAVED_KEY) ?? '{}') as Record<string, EventFilter>;
  } catch {
    return {};
  }
}

function describe(e: UiEvent): string {
  const { seq: _s, time: _t, type: _y, ...rest } = e as UiEvent & Record<string, unknown>;
  return JSON.stringify(rest).slice(0, 200);
}

/** Memoized: rows never change once logged, so a frame renders only the new ones. */
const Row = memo(function Row({ row }: { row: LogRow }) {
  if (row.kind === 'gap') {
    return (
      <li class="gap" data-kind="gap">
        events.gap: {row.from}–{row.to} dropped by the server, filled from its replay log
      </li>
    );
  }
  if (row.kind === 'note')
    return (
      <li class="note" data-kind="note">
        {row.text}
      </li>
    );
  const e = row.event;
  return (
    <li data-seq={e.seq} data-type={e.type}>
      <span class="seq">{e.seq}</span> <span class="etype">{e.type}</span>{' '}
      <span class="detail">{describe(e)}</span>
    </li>
  );
});

export function EventsPanel() {
  const types = useSignal<Set<string>>(new Set(filter.value.types ?? []));
  const app = useSignal('');
  const controlType = useSignal('');
  const inWindow = useSignal(false);
  const inSubtree = useSignal(false);
  const saveName = useSignal('');
  const saved = useSignal(savedSets());

  const build = (): EventFilter => {
    const f: EventFilter = {};
    if (types.value.size > 0) f.types = [...types.value] as UiEvent['type'][];
    if (app.value !== '') f.apps = [app.value];
    if (controlType.value !== '') f.controlTypes = [controlType.value] as never;
    if (inWindow.value && selectedWindow.value !== null) f.windows = [selectedWindow.value];
    if (inSubtree.value && selectedRef.value !== null) f.within = selectedRef.value;
    return f;
  };
  const load = (f: EventFilter): void => {
    types.value = new Set(f.types ?? []);
    app.value = f.apps?.[0] ?? '';
    controlType.value = (f.controlTypes?.[0] as string | undefined) ?? '';
    void applyFilter(f);
  };
  const save = (): void => {
    if (saveName.value === '') return;
    saved.value = { ...saved.value, [saveName.value]: build() };
    localStorage.setItem(SAVED_KEY, JSON.stringify(saved.value));
  };
  return (
    <section class="panel events-panel" aria-labelledby="ev-h">
      <h2 id="ev-h">
        Events <Counts />
      </h2>
      <form
        class="filters"
        onSubmit={(e) => {
          e.preventDefault();
          void applyFilter(build());
        }}
        data-testid="event-filters"
      >
        <fieldset>
          <legend>Types</legend>
          {TYPES.map((t) => (
            <label class="inline" key={t}>
              <input
                type="checkbox"
                name="type"
                value={t}
                checked={types.value.has(t)}
                onChange={(e) => {
                  const next = new Set(types.value);
                  if (e.currentTarget.checked) next.add(t);
                  else next.delete(t);
                  types.value = next;
                }}
              />
              {t}
            </label>
          ))}
        </fieldset>
        <label>
          App
          <input value={app.value} onInput={(e) => (app.value = e.currentTarget.value)} />
        </label>
        <TextField label="Control type" value={controlType} />
        <CheckField label="Selected window" checked={inWindow} />
        <CheckField label="Selected subtree" checked={inSubtree} />
        <button type="submit">Apply filter</button>
        <button
          type="button"
          onClick={() => void (paused.value ? resume() : pause())}
          aria-pressed={paused.value}
        >
          {paused.value ? 'Resume' : 'Pause'}
        </button>
        <label>
          Save as
          <input value={saveName.value} onInput={(e) => (saveName.value = e.currentTarget.value)} />
        </label>
        <button type="button" onClick={save}>
          Save filter
        </button>
        {Object.keys(saved.value).length > 0 && (
          <label>
            Saved
            <select
              onChange={(e) => {
                const f = saved.value[e.currentTarget.value];
                if (f) load(f);
              }}
            >
              <option value="">—</option>
              {Object.keys(saved.value).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
        )}
      </form>
      <Status />
      <Log />
    </section>
  );
}

// The parts that change with every batch of events are components of their own, each reading
// only its signals: a batch re-renders them, never the filter form above.

function Counts() {
  return (
    <span class="meta">
      {Object.entries(counts.value)
        .map(([t, n]) => `${t} ${n}`)
        .join(' · ')}
    </span>
  );
}

function Status() {
  return (
    <p class="meta" aria-live="polite">
      {paused.value
        ? 'Paused: events are kept by the server and replayed on resume.'
        : lastSeq.value === null
          ? 'Subscribing…'
          : `Live (seq ${lastSeq.value})`}
    </p>
  );
}

/** Gap and note rows have no seq of their own: a key each, stable while the row is drawn. */
const keys = new WeakMap<LogRow, string>();
let nextKey = 0;
function keyOf(row: LogRow): string {
  let key = keys.get(row);
  if (key === undefined) keys.set(row, (key = `n${nextKey++}`));
  return key;
}

/**
 * Every kept row, virtualized like the tree: only the rows in view (and a few around) are in
 * the DOM, at fixed heights, in one block moved as a whole. With every row in the DOM, each
 * 100 rows dropped from the front re-laid out the ~800 boxes of the rest (5 to 15 ms in one
 * frame), and each row was watched for content-visibility on every frame; now a batch of
 * events out of view costs the spacer's height, and one in view a few rows.
 */
function Log() {
  const [scrollTop, setScrollTop] = useState(0);
  const all = rows.value;
  const { start, end } = windowSlice(all.length, scrollTop, LOG_HEIGHT, LOG_ROW);
  return (
    <div
      class="log"
      data-testid="event-log"
      onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
    >
      <div class="log-spacer" style={{ height: `${all.length * LOG_ROW}px` }}>
        <ol aria-label="Event log" style={{ transform: `translateY(${start * LOG_ROW}px)` }}>
          {all.slice(start, end).map((row) => (
            <Row key={row.kind === 'event' ? row.event.seq : keyOf(row)} row={row} />
          ))}
        </ol>
      </div>
    </div>
  );
}

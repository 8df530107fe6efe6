/**
 * The selected window with the selected, hovered and locator-matched elements boxed: over a
 * screenshot when the server offers `screen.capture`, otherwise over a schematic drawn from the
 * rects of every element in the mirror.
 */
import { useSignal, useSignalEffect } from '@preact/signals';
import { memo } from 'preact/compat';
import { useRef } from 'preact/hooks';
import type { ElementNode } from '../../protocol/src/index.js';
import { currentClient } from './session.js';
import {
  hello,
  hoveredRef,
  matchedRefs,
  mirror,
  selectedRef,
  selectedWindow,
  windows,
} from './state.js';

/**
 * Whether the server can capture: session.hello lists the monitors it can capture (`monitors`,
 * empty when it cannot). Servers without screen.capture do not send the field at all.
 */
export function canCapture(): boolean {
  const monitors = (hello.value as { monitors?: unknown } | null)?.monitors;
  return Array.isArray(monitors) && monitors.length > 0;
}

/** Capture bytes: base64 on JSON connections, binary on MessagePack ones. */
function base64Of(data: unknown): string | null {
  if (typeof data === 'string') return data;
  if (!(data instanceof Uint8Array)) return null;
  let text = '';
  for (let i = 0; i < data.length; i += 0x8000) {
    text += String.fromCharCode(...data.subarray(i, i + 0x8000));
  }
  return btoa(text);
}

/** The image of a capture answer, as a data: URL (the CSP allows data: images only). */
function imageOf(result: unknown): string | null {
  const r = result as Record<string, unknown>;
  const data = base64Of(r.data);
  if (data === null) return null;
  const mime =
    typeof r.mimeType === 'string'
      ? r.mimeType
      : `image/${typeof r.format === 'string' ? r.format : 'png'}`;
  return `data:${mime};base64,${data}`;
}

const MAX_OUTLINES = 300;

/** The outlined elements; the same array while they are the same nodes, so Outlines skips. */
function useOutlines(nodes: ElementNode[]): ElementNode[] {
  const last = useRef<ElementNode[]>([]);
  const prev = last.current;
  if (nodes.length !== prev.length || nodes.some((n, i) => n !== prev[i])) last.current = nodes;
  return last.current;
}

/** The schematic's element outlines: redrawn only when one of those elements changed. */
const Outlines = memo(function Outlines({ nodes }: { nodes: ElementNode[] }) {
  return (
    <>
      {nodes.map(
        (n) =>
          n.rect &&
          n.rect.width > 0 && (
            <rect
              key={n.ref}
              class="el"
              x={n.rect.x}
              y={n.rect.y}
              width={n.rect.width}
              height={n.rect.height}
              onClick={() => (selectedRef.value = n.ref)}
            />
          ),
      )}
    </>
  );
});

export function HighlightPanel() {
  const shot = useSignal<string | null>(null);
  const win = windows.value.find((w) => w.ref === selectedWindow.value);
  useSignalEffect(() => {
    const ref = selectedWindow.value;
    shot.value = null;
    if (ref === null || !canCapture()) return;
    currentClient()
      .request('screen.capture', { window: ref, format: 'png', maxWidth: 1600 })
      .then(
        (r) => (shot.value = imageOf(r)),
        () => undefined,
      );
  });
  const view = mirror.value;
  // Outlines of the first elements only: thousands of SVG shapes redrawn on every patch would
  // stall the page (the selected, hovered and matched boxes are always drawn).
  const outlined = useOutlines(view === null ? [] : view.firstNodes(MAX_OUTLINES));
  const rect = win?.rect;
  if (rect == null) {
    return (
      <section class="panel" aria-labelledby="hl-h">
        <h2 id="hl-h">Highlight</h2>
        <p class="muted">No window geometry.</p>
      </section>
    );
  }
  const boxes = (ref: string | null, cls: string) => {
    const r = ref === null ? undefined : view?.node(ref)?.rect;
    return r == null ? null : (
      <rect class={cls} x={r.x} y={r.y} width={r.width} height={r.height} />
    );
  };
  return (
    <section class="panel" aria-labelledby="hl-h">
      <h2 id="hl-h">
        Highlight <span class="meta">{shot.value ? 'screenshot' : 'schematic'}</span>
      </h2>
      <svg
        class="schematic"
        viewBox={`${rect.x} ${rect.y} ${Math.max(1, rect.width)} ${Math.max(1, rect.height)}`}
        role="img"
        aria-label={`Schematic of ${win?.title ?? 'the window'} with the selected element boxed`}
        data-testid="schematic"
      >
        {shot.value && (
          <image href={shot.value} x={rect.x} y={rect.y} width={rect.width} height={rect.height} />
        )}
        {!shot.value && <Outlines nodes={outlined} />}
        {matchedRefs.value.map((ref) => (
          <g key={ref}>{boxes(ref, 'match')}</g>
        ))}
        {boxes(hoveredRef.value, 'hovered')}
        {boxes(selectedRef.value, 'selected')}
      </svg>
    </section>
  );
}

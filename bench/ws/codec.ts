/**
 * MessagePack vs JSON for a 2,000-element tree (the shape of a tree.subscribe answer). The
 * nodes are real cached nodes of the simulated desktop, repeated with fresh refs to 2,000.
 */
import { jsonCodec, msgpackCodec, type Codec, type ElementNode } from '../../protocol/src/index.js';
import { percentile } from './clients.js';
import { sampleNodes } from './nodes.js';

const ELEMENTS = 2_000;
const RUNS = 40;

function median(fn: () => void): number {
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    fn();
    samples.push(performance.now() - t0);
  }
  return percentile(
    samples.sort((a, b) => a - b),
    50,
  );
}

function measure(codec: Codec, message: unknown) {
  const encoded = codec.encode(message);
  const bytes = typeof encoded === 'string' ? Buffer.byteLength(encoded) : encoded.byteLength;
  return {
    bytes,
    encodeUs: Math.round(median(() => codec.encode(message)) * 1000),
    decodeUs: Math.round(median(() => codec.decode(encoded)) * 1000),
  };
}

export async function codecBench() {
  const base: ElementNode[] = await sampleNodes();
  const nodes: ElementNode[] = [];
  for (let i = 0; nodes.length < ELEMENTS; i++) {
    const n = base[i % base.length] as ElementNode;
    const copy = Math.floor(i / base.length);
    nodes.push({
      ...n,
      ref: `${n.ref}x${copy}`,
      parent: n.parent === null ? null : `${n.parent}x${copy}`,
    });
  }
  const message = {
    jsonrpc: '2.0',
    id: 1,
    result: { subscription: 'tr1', revision: 1, root: nodes[0]?.ref, nodes },
  };
  const json = measure(jsonCodec, message);
  const msgpack = measure(msgpackCodec, message);
  return {
    elements: ELEMENTS,
    json,
    msgpack,
    sizeRatio: Number((msgpack.bytes / json.bytes).toFixed(3)),
    encodeRatio: Number((msgpack.encodeUs / json.encodeUs).toFixed(3)),
    decodeRatio: Number((msgpack.decodeUs / json.decodeUs).toFixed(3)),
  };
}

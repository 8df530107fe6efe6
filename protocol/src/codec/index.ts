/**
 * Wire codecs. JSON is the default (text frames); MessagePack (binary frames) is chosen by
 * the `uistream.v1.msgpack` subprotocol. Decoding never throws: it returns a tagged result.
 */
import { Packr } from 'msgpackr';

export const SUBPROTOCOL_JSON = 'uistream.v1.json';
export const SUBPROTOCOL_MSGPACK = 'uistream.v1.msgpack';
export const TOKEN_SUBPROTOCOL_PREFIX = 'uistream.token.';

export type Encoding = 'json' | 'msgpack';

export type DecodeResult = { ok: true; value: unknown } | { ok: false; reason: string };

export interface Codec {
  readonly encoding: Encoding;
  readonly binary: boolean;
  encode(value: unknown): string | Uint8Array;
  decode(data: string | Uint8Array): DecodeResult;
}

export const jsonCodec: Codec = {
  encoding: 'json',
  binary: false,
  encode: (value) => JSON.stringify(value),
  decode(data) {
    try {
      const text =
        typeof data === 'string' ? data : new TextDecoder('utf-8', { fatal: true }).decode(data);
      return { ok: true, value: JSON.parse(text) as unknown };
    } catch (err) {
      return { ok: false, reason: `malformed JSON: ${(err as Error).message}` };
    }
  },
};

// Plain maps and no record extension: every MessagePack implementation can read the frames.
// No toJSON: image bytes (whose toJSON gives base64 for JSON) travel as MessagePack binary.
const packr = new Packr({
  useRecords: false,
  mapsAsObjects: true,
  variableMapSize: true,
  useToJSON: false,
});

export const msgpackCodec: Codec = {
  encoding: 'msgpack',
  binary: true,
  encode: (value) => packr.pack(value),
  decode(data) {
    if (typeof data === 'string')
      return { ok: false, reason: 'text frame on a msgpack connection' };
    try {
      return { ok: true, value: packr.unpack(data) as unknown };
    } catch (err) {
      return { ok: false, reason: `malformed MessagePack: ${(err as Error).message}` };
    }
  },
};

export function codecFor(encoding: Encoding): Codec {
  return encoding === 'msgpack' ? msgpackCodec : jsonCodec;
}

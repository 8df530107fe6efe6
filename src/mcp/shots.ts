/**
 * Post-action and failure screenshots over MCP: an image content block by default, or, with
 * `--screenshot-dir`, a file and a `ui://screenshot/{id}` resource that expires after five
 * minutes (then its file is removed too: the directory holds only live screenshots).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ActionShot } from '../../protocol/src/index.js';
import type { Config } from '../config.js';
import { isUiError, UiError } from '../errors.js';
import { toBase64 } from '../pixels/bytes.js';
import type { ResourceEntry } from './resources.js';

export const SHOT_PREFIX = 'ui://screenshot/';
export const SHOT_TTL_MS = 5 * 60_000;

export const screenshotTemplate: ResourceEntry & { uriTemplate: string } = {
  uri: `${SHOT_PREFIX}{id}`,
  uriTemplate: `${SHOT_PREFIX}{id}`,
  name: 'screenshot',
  title: 'Screenshot',
  description: 'A post-action or failure screenshot (kept 5 minutes)',
  mimeType: 'image/png',
};

interface StoredShot {
  path: string;
  mimeType: string;
  expires: number;
}

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

/** The screenshot files of one server (its config), expired lazily on each use. */
class ShotStore {
  private readonly shots = new Map<string, StoredShot>();

  constructor(private readonly dir: string) {}

  async save(bytes: Uint8Array, mimeType: string): Promise<{ path: string; uri: string }> {
    await this.expire();
    await mkdir(this.dir, { recursive: true });
    const id = randomBytes(8).toString('hex');
    const path = join(this.dir, `uistream-${id}.${EXTENSIONS[mimeType] ?? 'img'}`);
    await writeFile(path, bytes, { mode: 0o600 });
    this.shots.set(id, { path, mimeType, expires: Date.now() + SHOT_TTL_MS });
    return { path, uri: `${SHOT_PREFIX}${id}` };
  }

  async read(id: string): Promise<{ mimeType: string; blob: string } | undefined> {
    await this.expire();
    const shot = this.shots.get(id);
    if (shot === undefined) return undefined;
    const bytes = await readFile(shot.path).catch(() => undefined);
    return bytes === undefined ? undefined : { mimeType: shot.mimeType, blob: toBase64(bytes) };
  }

  private async expire(): Promise<void> {
    const now = Date.now();
    for (const [id, shot] of this.shots) {
      if (shot.expires > now) continue;
      this.shots.delete(id);
      await rm(shot.path, { force: true }).catch(() => undefined);
    }
  }
}

const stores = new WeakMap<Config, ShotStore>();

function storeFor(config: Config): ShotStore | undefined {
  const dir = config.pixels.screenshotDir;
  if (dir === undefined) return undefined;
  let store = stores.get(config);
  if (store === undefined) {
    store = new ShotStore(resolve(dir));
    stores.set(config, store);
  }
  return store;
}

export interface DeliveredShot {
  /** The screenshot's metadata without its bytes (plus path and uri when written to a file). */
  shot: ActionShot;
  /** One line for the answer's text. */
  line: string;
  images: { data: string; mimeType: string }[];
}

/** Turn a screenshot with bytes into what an MCP answer carries. */
export async function deliverShot(shot: ActionShot, config: Config): Promise<DeliveredShot> {
  const { data, ...meta } = shot;
  const size = `${shot.width}x${shot.height}`;
  if (data === undefined) return { shot: meta, line: `screenshot ${size}`, images: [] };
  const store = storeFor(config);
  if (store === undefined) {
    const images = [{ data: toBase64(data), mimeType: shot.mimeType }];
    return { shot: meta, line: `screenshot ${size} (image below)`, images };
  }
  const bytes = typeof data === 'string' ? Buffer.from(data, 'base64') : data;
  const file = await store.save(bytes, shot.mimeType);
  return {
    shot: { ...meta, ...file },
    line: `screenshot ${size}: ${file.path} (${file.uri})`,
    images: [],
  };
}

/** A `ui://screenshot/{id}` resource, or undefined for other URIs and expired ones. */
export async function readShotResource(
  uri: string,
  config: Config,
): Promise<{ uri: string; mimeType: string; blob: string } | undefined> {
  if (!uri.startsWith(SHOT_PREFIX)) return undefined;
  const found = await storeFor(config)?.read(uri.slice(SHOT_PREFIX.length));
  return found === undefined ? undefined : { uri, ...found };
}

/**
 * A failure's screenshot, taken out of the error's details (its bytes must not reach the
 * error text) and delivered; the error is returned with `details.screenshot` replaced by the
 * metadata.
 */
export async function takeFailureShot(
  err: unknown,
  config: Config,
): Promise<{ err: unknown; delivered?: DeliveredShot }> {
  if (!isUiError(err) || err.details?.screenshot === undefined) return { err };
  const parsed = ActionShot.safeParse(err.details.screenshot);
  const { screenshot: _shot, ...rest } = err.details;
  if (!parsed.success) return { err: copyError(err, rest) };
  const delivered = await deliverShot(parsed.data, config);
  return { err: copyError(err, rest), delivered };
}

function copyError(err: UiError, details: Record<string, unknown>): UiError {
  const options = { recovery: err.recovery, cause: err.cause };
  return new UiError(
    err.code,
    err.message,
    Object.keys(details).length > 0 ? { ...options, details } : options,
  );
}

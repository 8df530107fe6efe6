/**
 * MIT-SHM screen reads: the X server writes the area straight into a System V shared memory
 * segment (XShmGetImage) instead of streaming it through the socket and into a malloc'd copy
 * (XGetImage), which was most of a full-screen capture's time. One segment of the screen's size
 * is made on first use, attached once and reused. Where the extension or shared memory is not
 * available (a remote display, a container without IPC) `open` answers null with the reason,
 * and the caller reads with XGetImage.
 */
import koffi, { type LibraryHandle } from 'koffi';
import type { Rect } from '../../../protocol/src/index.js';
import { ALL_PLANES, Z_PIXMAP, type X11Lib, type XImageFields } from './x11Lib.js';

const XShmSegmentInfo = koffi.struct('XShmSegmentInfo', {
  shmseg: 'unsigned long',
  shmid: 'int',
  shmaddr: 'void *',
  readOnly: 'int',
});

const IPC_PRIVATE = 0;
const IPC_CREAT = 0o1000;
const IPC_RMID = 0;
const SHM_FAILED = 0xffffffffffffffffn;

type Fn = ReturnType<LibraryHandle['func']>;

interface ShmApi {
  query: Fn;
  createImage: Fn;
  attach: Fn;
  detach: Fn;
  getImage: Fn;
  shmget: Fn;
  shmat: Fn;
  shmdt: Fn;
  shmctl: Fn;
}

let api: ShmApi | undefined;

function loadShm(): ShmApi {
  if (api !== undefined) return api;
  const xext = koffi.load('libXext.so.6');
  const libc = koffi.load('libc.so.6');
  api = {
    query: xext.func('int XShmQueryExtension(void *display)'),
    createImage: xext.func(
      'void *XShmCreateImage(void *display, void *visual, unsigned int depth, int format, void *data, void *info, unsigned int width, unsigned int height)',
    ),
    attach: xext.func('int XShmAttach(void *display, void *info)'),
    detach: xext.func('int XShmDetach(void *display, void *info)'),
    getImage: xext.func(
      'int XShmGetImage(void *display, unsigned long drawable, void *image, int x, int y, unsigned long planes)',
    ),
    shmget: libc.func('int shmget(int key, size_t size, int flags)'),
    shmat: libc.func('void *shmat(int id, void *addr, int flags)'),
    shmdt: libc.func('int shmdt(void *addr)'),
    shmctl: libc.func('int shmctl(int id, int cmd, void *buf)'),
  };
  return api;
}

/** A screen area read into the segment: valid until the next read or close. */
export interface ShmArea {
  img: XImageFields;
  /** The segment's bytes (no copy): `img.bytes_per_line * img.height` of them. */
  bytes: Uint8Array;
}

export class ShmReader {
  /** The XImage header of the last read's size (XShmCreateImage only mallocs the struct). */
  private image: { ptr: unknown; width: number; height: number } | undefined;

  private constructor(
    private readonly lib: X11Lib,
    private readonly shm: ShmApi,
    private readonly display: unknown,
    private readonly info: bigint,
    private readonly addr: bigint,
    private readonly size: number,
  ) {}

  /** A reader with a segment of `size` bytes, or the reason there cannot be one. */
  static open(lib: X11Lib, display: unknown, size: number): ShmReader | string {
    let shm: ShmApi;
    try {
      shm = loadShm();
    } catch {
      return 'libXext is not installed';
    }
    if (shm.query(display) === 0) return 'the X server has no MIT-SHM extension';
    const id = shm.shmget(IPC_PRIVATE, size, IPC_CREAT | 0o600) as number;
    if (id < 0) return `shmget failed (errno ${koffi.errno()})`;
    const addr = shm.shmat(id, null, 0) as bigint | null;
    if (addr === null || addr === SHM_FAILED) {
      shm.shmctl(id, IPC_RMID, null);
      return `shmat failed (errno ${koffi.errno()})`;
    }
    const info = koffi.alloc(XShmSegmentInfo, 1) as bigint;
    koffi.encode(info, XShmSegmentInfo, { shmseg: 0, shmid: id, shmaddr: addr, readOnly: 0 });
    lib.takeErrors();
    const attached = shm.attach(display, info) !== 0;
    lib.sync(display, 0);
    // Marked for removal now: the kernel frees it once both sides have detached, even if
    // this process dies without closing.
    shm.shmctl(id, IPC_RMID, null);
    const errors = lib.takeErrors();
    if (!attached || errors.length > 0) {
      shm.shmdt(addr);
      koffi.free(info);
      return `the X server could not attach the segment (X errors ${errors.join(',')})`;
    }
    return new ShmReader(lib, shm, display, info, addr, size);
  }

  /** Read a root-window area, or null when the segment is too small or the server refused. */
  read(root: number | bigint, r: Rect, visual: unknown, depth: number): ShmArea | null {
    const ptr = this.imageFor(r.width, r.height, visual, depth);
    if (ptr === null) return null;
    const img = this.lib.decodeImage(ptr);
    if (img.bytes_per_line * img.height > this.size) return null;
    this.lib.takeErrors();
    const ok = this.shm.getImage(this.display, root, ptr, r.x, r.y, ALL_PLANES) !== 0;
    if (!ok || this.lib.takeErrors().length > 0) return null;
    const length = img.bytes_per_line * img.height;
    return { img, bytes: new Uint8Array(koffi.view(this.addr, length)) };
  }

  private imageFor(width: number, height: number, visual: unknown, depth: number): unknown {
    const last = this.image;
    if (last !== undefined && last.width === width && last.height === height) return last.ptr;
    this.dropImage();
    const ptr: unknown = this.shm.createImage(
      this.display,
      visual,
      depth,
      Z_PIXMAP,
      this.addr,
      this.info,
      width,
      height,
    );
    if (ptr === null) return null;
    this.image = { ptr, width, height };
    return ptr;
  }

  private dropImage(): void {
    if (this.image !== undefined) this.lib.destroyImage(this.image.ptr);
    this.image = undefined;
  }

  /** Detach and free; the display must still be open. */
  close(): void {
    this.dropImage();
    this.shm.detach(this.display, this.info);
    this.lib.sync(this.display, 0);
    this.shm.shmdt(this.addr);
    koffi.free(this.info);
  }
}

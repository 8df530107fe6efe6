/** X11 pieces shared by the Linux backends: screen capture and the X server's window view. */
export { X11Screen, x11Unavailable } from './x11Capture.js';
export { X11WindowWatcher, type XTopLevel, type XWindowView } from './x11Windows.js';
export { watchX11Input } from './x11Input.js';
export { matchWindows, type AccessibleTopLevel, type WindowMatch } from './windowMatch.js';
export { UNMAP_GRACE_MS, UnmapGrace, type UnmapVerdict } from './unmapGrace.js';
export { X11Keyboard, type TypeOptions } from './x11Keyboard.js';
export { X11Clipboard } from './x11Clipboard.js';
export { X11WindowOps } from './x11WindowOps.js';
export { X11WindowCloser } from './x11Close.js';
export { pointerArrival } from './x11Pointer.js';

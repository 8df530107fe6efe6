/** X11 screen capture, shared by the Linux backends. */
export { X11Screen, x11Unavailable } from './x11Capture.js';

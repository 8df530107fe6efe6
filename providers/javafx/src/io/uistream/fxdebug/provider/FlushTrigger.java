package io.uistream.fxdebug.provider;

import javafx.application.Platform;
import javafx.scene.Scene;

/**
 * When the watcher's flush runs once something changed: in a runLater queued at the change, or
 * in the next pulse of a watched scene once its layout is done, whichever comes first; the other
 * then finds nothing to do. A pulse waits for the previous frame to be rendered before it hands
 * the scene over, so a flush queued behind a pulse would wait for rendering too; and a change
 * made inside a pulse (an AnimationTimer's) goes out in that pulse with its new bounds. FX thread.
 */
final class FlushTrigger {
  private static final String HOOKED = "mcp.provider.pulseFlush";

  private final Runnable flush;
  private final Runnable ifQueued = this::runIfQueued;
  private boolean queued;

  /** {@code flush} runs the flush (timed as the library's task); it must call {@link #taken}. */
  FlushTrigger(Runnable flush) {
    this.flush = flush;
  }

  /** Something changed: have the flush run soon, once. */
  void request() {
    if (queued) return;
    queued = true;
    Platform.runLater(ifQueued);
  }

  /** The flush has started: what changes from here needs a new request. */
  void taken() {
    queued = false;
  }

  /** Lets the pulses of {@code scene} run a requested flush (once per scene). */
  void hook(Scene scene) {
    if (scene == null || scene.getProperties().putIfAbsent(HOOKED, Boolean.TRUE) != null) return;
    scene.addPostLayoutPulseListener(ifQueued);
  }

  private void runIfQueued() {
    if (queued) flush.run();
  }
}

package io.uistream.fxdebug.core.fx;

import io.uistream.fxdebug.core.model.ErrorCode;
import io.uistream.fxdebug.core.model.UiException;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;

/**
 * The FX-thread contract (section 5): everything that reads or changes the scene graph runs on
 * the FX Application Thread, and a caller on another thread waits at most its deadline.
 */
public final class Fx {
  private Fx() {}

  /** Run {@code action} on the FX thread and return its result, or fail after the deadline. */
  public static <T> T exec(Callable<T> action, int timeoutMs) {
    if (Platform.isFxApplicationThread()) return callHere(action);
    CompletableFuture<T> result = new CompletableFuture<>();
    try {
      Platform.runLater(
          () -> {
            try {
              result.complete(action.call());
            } catch (Throwable t) {
              result.completeExceptionally(t);
            }
          });
    } catch (IllegalStateException notStarted) {
      throw new UiException(ErrorCode.MCP_UI_NO_STAGES, "the JavaFX toolkit is not running");
    }
    try {
      return result.get(timeoutMs, TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      result.cancel(false);
      throw new FxTimeoutException("run the task", timeoutMs);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new FxTimeoutException("run the task before the caller was interrupted", timeoutMs);
    } catch (ExecutionException e) {
      throw rethrow(e.getCause());
    }
  }

  public static void run(Runnable action, int timeoutMs) {
    exec(
        () -> {
          action.run();
          return null;
        },
        timeoutMs);
  }

  /**
   * Wait until the FX thread has drained what an action queued: two empty runLater round trips
   * (events posted by the first are handled before the second) and one animation pulse (layout
   * and CSS of the change applied).
   */
  public static void awaitUiIdle(int timeoutMs) {
    if (Platform.isFxApplicationThread()) return;
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
    run(() -> {}, remaining(deadline));
    run(() -> {}, remaining(deadline));
    CountDownLatch pulsed = new CountDownLatch(1);
    AnimationTimer[] timer = new AnimationTimer[1];
    run(
        () -> {
          timer[0] =
              new AnimationTimer() {
                @Override
                public void handle(long now) {
                  stop();
                  pulsed.countDown();
                }
              };
          timer[0].start();
        },
        remaining(deadline));
    try {
      if (!pulsed.await(remaining(deadline), TimeUnit.MILLISECONDS)) {
        Platform.runLater(timer[0]::stop);
        throw new FxTimeoutException("render a pulse", timeoutMs);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new FxTimeoutException("render a pulse before the caller was interrupted", timeoutMs);
    }
  }

  private static int remaining(long deadlineNanos) {
    long left = TimeUnit.NANOSECONDS.toMillis(deadlineNanos - System.nanoTime());
    return (int) Math.max(1, left);
  }

  private static <T> T callHere(Callable<T> action) {
    try {
      return action.call();
    } catch (Exception e) {
      throw rethrow(e);
    }
  }

  private static RuntimeException rethrow(Throwable t) {
    if (t instanceof UiException ui) return ui;
    if (t instanceof RuntimeException r && t.getClass().getName().startsWith("io.uistream")) {
      return r;
    }
    return new UiException(
        ErrorCode.MCP_UI_INTERNAL,
        t.getClass().getSimpleName() + (t.getMessage() == null ? "" : ": " + t.getMessage()));
  }
}

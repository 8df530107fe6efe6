package io.uistream.fxdebug.core.actions;

import io.uistream.fxdebug.core.fx.Fx;
import io.uistream.fxdebug.core.model.UiException;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javafx.event.Event;
import javafx.event.EventHandler;
import javafx.event.EventType;
import javafx.scene.Scene;

/**
 * Robot input travels through the window system and comes back as events later. A watch on the
 * target scene sees the input arrive (the release of a click or key, the wheel event), so an
 * action answers after its input was delivered, and fails when the input went elsewhere (a
 * window on top, another app focused) instead of claiming an effect it cannot have had.
 */
final class InputWatch {
  private final Scene scene;
  private final EventType<? extends Event> type;
  private final CountDownLatch seen = new CountDownLatch(1);
  private final EventHandler<Event> filter = e -> seen.countDown();

  /** Install on the FX thread, before the robot sends the input. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  InputWatch(Scene scene, EventType<? extends Event> type) {
    this.scene = scene;
    this.type = type;
    scene.addEventFilter((EventType) type, filter);
  }

  /** Wait off the FX thread; the filter is removed whatever happens. */
  void await(int timeoutMs, String what) {
    boolean arrived;
    try {
      arrived = seen.await(timeoutMs, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      arrived = false;
    } finally {
      cancel(timeoutMs);
    }
    if (!arrived) {
      throw new UiException(
          io.uistream.fxdebug.core.model.ErrorCode.MCP_UI_ACTION_FAILED,
          what + " was sent but never reached the window within " + timeoutMs
              + " ms: another window may cover it or have the keyboard focus",
          Map.of("reason", "INPUT_NOT_DELIVERED", "waitingFor", type.getName()));
    }
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  void cancel(int timeoutMs) {
    Fx.run(() -> scene.removeEventFilter((EventType) type, filter), timeoutMs);
  }
}

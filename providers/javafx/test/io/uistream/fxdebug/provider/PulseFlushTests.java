package io.uistream.fxdebug.provider;

import io.uistream.fxdebug.core.capture.Uids;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;

/**
 * When the watcher's deltas go out: a change made inside a pulse (an AnimationTimer's) is sent
 * in that same pulse once its layout is done, not from a runLater behind the pulse, which waits
 * for the previous frame's rendering. Needs the toolkit started and a display.
 */
public final class PulseFlushTests {
  private PulseFlushTests() {}

  private static final long WAIT_SECONDS = 20;

  /** A label changed by an AnimationTimer: its delta has gone out when the pulse's layout ends. */
  public static void changeInPulseGoesOutInThatPulse() throws Exception {
    List<Map<String, Object>> sent = new CopyOnWriteArrayList<>();
    CompletableFuture<Void> synced = new CompletableFuture<>();
    Label label = new Label("before");
    Stage stage = onFx(() -> {
      Stage s = new Stage();
      s.setTitle("Pulse flush");
      s.setScene(new Scene(new VBox(label), 200, 100));
      s.show();
      SceneWatcher watcher = new SceneWatcher(new Uids(), m -> {
        sent.add(m);
        if ("snapshot".equals(m.get("type"))) synced.complete(null);
      }, true);
      watcher.snapshot();
      return s;
    });
    try {
      synced.get(WAIT_SECONDS, TimeUnit.SECONDS);
      CompletableFuture<Boolean> sentInPulse = new CompletableFuture<>();
      onFx(() -> {
        Scene scene = stage.getScene();
        // Added after the watcher's own: runs after it in the pulse that laid the change out.
        Runnable check = new Runnable() {
          @Override
          public void run() {
            if (!"after".equals(label.getText()) || sentInPulse.isDone()) return;
            sentInPulse.complete(sent.stream().anyMatch(PulseFlushTests::namesAfter));
            scene.removePostLayoutPulseListener(this);
          }
        };
        scene.addPostLayoutPulseListener(check);
        new AnimationTimer() {
          @Override
          public void handle(long now) {
            label.setText("after");
            stop();
          }
        }.start();
        return null;
      });
      if (!sentInPulse.get(WAIT_SECONDS, TimeUnit.SECONDS)) {
        throw new AssertionError("the delta of a change made in a pulse was not sent in that pulse");
      }
    } finally {
      onFx(() -> {
        stage.close();
        return null;
      });
    }
  }

  @SuppressWarnings("unchecked")
  private static boolean namesAfter(Map<String, Object> message) {
    if (!"delta".equals(message.get("type"))) return false;
    for (Object node : (List<Object>) message.get("upsert")) {
      if ("after".equals(((Map<String, Object>) node).get("name"))) return true;
    }
    return false;
  }

  private interface FxCall<T> {
    T call() throws Exception;
  }

  private static <T> T onFx(FxCall<T> call) throws Exception {
    CompletableFuture<T> result = new CompletableFuture<>();
    Platform.runLater(() -> {
      try {
        result.complete(call.call());
      } catch (Throwable e) {
        result.completeExceptionally(e);
      }
    });
    return result.get(WAIT_SECONDS, TimeUnit.SECONDS);
  }
}

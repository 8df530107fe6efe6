package io.uistream.fxdebug.core.actions;

import io.uistream.fxdebug.core.capture.ScreenOffset;
import io.uistream.fxdebug.core.fx.Fx;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import javafx.event.EventHandler;
import javafx.geometry.Point2D;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.input.MouseEvent;
import javafx.scene.robot.Robot;

/**
 * Aims the pointer at a node's centre. A window's reported position can differ from where the
 * window system placed it (without a window manager, JavaFX assumes frame extents that are not
 * there), so the pointer is moved to the computed point, the scene's own MOUSE_MOVED event says
 * which scene point it reached, and the pointer is corrected by the difference.
 */
final class Pointer {
  private Pointer() {}

  /** Where the pointer now is, on the node's centre. Caller's thread, not the FX thread. */
  static Point2D aimAt(Robot robot, Node node, int timeoutMs) {
    AtomicReference<MouseEvent> reached = new AtomicReference<>();
    CountDownLatch moved = new CountDownLatch(1);
    Aim aim = Fx.exec(() -> Aim.start(robot, node, reached, moved), timeoutMs);
    try {
      moved.await(timeoutMs, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return Fx.exec(() -> aim.finish(robot, reached.get()), timeoutMs);
  }

  private record Aim(Scene scene, Point2D scenePoint, Point2D guess, EventHandler<MouseEvent> filter) {
    static Aim start(Robot robot, Node node, AtomicReference<MouseEvent> reached, CountDownLatch moved) {
      var b = node.getBoundsInLocal();
      Point2D local = new Point2D(b.getCenterX(), b.getCenterY());
      Point2D scenePoint = node.localToScene(local);
      Point2D guess = node.localToScreen(local);
      Scene scene = node.getScene();
      EventHandler<MouseEvent> filter =
          e -> {
            // The robot moves to whole pixels, so the event lands within a pixel of the guess.
            if (Math.abs(e.getScreenX() - guess.getX()) <= 1.5
                && Math.abs(e.getScreenY() - guess.getY()) <= 1.5) {
              reached.set(e);
              moved.countDown();
            }
          };
      scene.addEventFilter(MouseEvent.MOUSE_MOVED, filter);
      // Two moves, so an event comes even when the pointer already rests on the point.
      robot.mouseMove(guess.getX() + 2, guess.getY());
      robot.mouseMove(guess);
      return new Aim(scene, scenePoint, guess, filter);
    }

    Point2D finish(Robot robot, MouseEvent event) {
      scene.removeEventFilter(MouseEvent.MOUSE_MOVED, filter);
      if (event == null) return guess;
      // Where the window system really put the scene's origin, as the event shows it.
      double originX = event.getScreenX() - event.getSceneX();
      double originY = event.getScreenY() - event.getSceneY();
      Point2D corrected = scenePoint.add(originX, originY);
      ScreenOffset.learn(scene.getWindow(), corrected.subtract(guess));
      if (corrected.distance(guess) < 1.5) return guess;
      robot.mouseMove(corrected);
      return corrected;
    }
  }
}

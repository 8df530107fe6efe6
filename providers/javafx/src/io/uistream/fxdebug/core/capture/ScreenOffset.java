package io.uistream.fxdebug.core.capture;

import javafx.geometry.Bounds;
import javafx.geometry.Point2D;
import javafx.scene.Node;
import javafx.stage.Window;

/**
 * The difference between where JavaFX believes a window's scene sits on screen and where the
 * window system put it, as learned by {@link Pointer}; it moves with the window, so it is kept
 * per window and applied to screen bounds. FX thread only.
 */
public final class ScreenOffset {
  private static final String KEY = "mcp.screenOffset";

  private ScreenOffset() {}

  public static void learn(Window window, Point2D offset) {
    if (window != null) window.getProperties().put(KEY, offset);
  }

  /** The node's bounds on screen, corrected by what was learned for its window (if anything). */
  public static Bounds screenBounds(Node node) {
    Bounds b = node.localToScreen(node.getBoundsInLocal());
    if (b == null || node.getScene() == null || node.getScene().getWindow() == null) return b;
    if (!(node.getScene().getWindow().getProperties().get(KEY) instanceof Point2D d)) return b;
    return new javafx.geometry.BoundingBox(b.getMinX() + d.getX(), b.getMinY() + d.getY(), b.getWidth(), b.getHeight());
  }
}

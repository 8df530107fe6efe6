package io.uistream.fxdebug.core.actions;

import io.uistream.fxdebug.core.capture.Describe;
import io.uistream.fxdebug.core.capture.Refs;
import io.uistream.fxdebug.core.capture.Uids;
import io.uistream.fxdebug.core.fx.Fx;
import io.uistream.fxdebug.core.model.ErrorCode;
import io.uistream.fxdebug.core.model.UiException;
import io.uistream.fxdebug.util.Input;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javafx.event.Event;
import javafx.geometry.Bounds;
import javafx.geometry.Point2D;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.TextInputControl;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;
import javafx.scene.robot.Robot;
import javafx.stage.Window;

/**
 * The actions of section 9. Pointer and keys go through {@link Robot} (real input, as a user's);
 * text is delivered as KEY_TYPED events to the focus owner, which reaches every character
 * whatever the keyboard layout. Each runs on the FX thread under the deadline, then waits for
 * the UI to settle, and answers what it observed afterwards.
 */
public final class Actions {
  public static final List<String> NAMES =
      List.of("focus", "click", "typeText", "setText", "pressKey", "scroll");
  public static final Set<String> FIELDS =
      Set.of("action", "target", "x", "y", "text", "key", "modifiers", "deltaY", "button");

  private final Uids uids;
  private final Refs refs;
  private Robot robot;
  /** Set on the FX thread by an action that sends robot input; read by the calling thread. */
  private volatile InputWatch watch;

  public Actions(Uids uids) {
    this.uids = uids;
    this.refs = new Refs(uids);
  }

  public Map<String, Object> perform(Input in, int timeoutMs) {
    in.only(FIELDS);
    String action = in.oneOf("action", null, NAMES);
    if (action == null) throw UiException.invalid("action is required, one of " + NAMES);
    watch = null;
    Map<String, Object> result;
    try {
      result = action.equals("click") ? click(in, timeoutMs) : Fx.exec(
            () ->
                switch (action) {
                  case "focus" -> focus(target(in));
                  case "typeText" -> typeText(in);
                  case "setText" -> setText(target(in), in.requiredString("text"));
                  case "pressKey" -> pressKey(in);
                  default -> scroll(in);
                },
            timeoutMs);
    } catch (RuntimeException e) {
      if (watch != null) watch.cancel(timeoutMs);
      throw e;
    }
    if (watch != null) watch.await(timeoutMs, action);
    Fx.awaitUiIdle(timeoutMs);
    result.put("after", Fx.exec(() -> afterState(result), timeoutMs));
    return result;
  }

  private Node target(Input in) {
    Input ref = in.object("target");
    if (ref == null) throw UiException.invalid("target is required: {\"uid\": ...} or {\"path\": ...}");
    return refs.resolve(ref.string("uid", null), ref.string("path", null));
  }

  private Map<String, Object> focus(Node node) {
    requireEnabled(node);
    Window w = node.getScene().getWindow();
    w.requestFocus();
    node.requestFocus();
    return done("focus", node);
  }

  /**
   * A click by target aims first (see {@link Pointer}), off the FX thread, then presses and
   * releases on it; a click by point goes where it is told.
   */
  private Map<String, Object> click(Input in, int timeoutMs) {
    MouseButton button =
        switch (in.oneOf("button", "primary", List.of("primary", "secondary", "middle"))) {
          case "secondary" -> MouseButton.SECONDARY;
          case "middle" -> MouseButton.MIDDLE;
          default -> MouseButton.PRIMARY;
        };
    Node node = in.has("target") ? Fx.exec(() -> clickable(target(in)), timeoutMs) : null;
    Point2D point;
    if (node != null) {
      point = Pointer.aimAt(robot(timeoutMs), node, timeoutMs);
    } else {
      Double px = in.number("x");
      Double py = in.number("y");
      if (px == null || py == null) throw UiException.invalid("click needs a target or x and y");
      point = new Point2D(px, py);
    }
    return Fx.exec(
        () -> {
          Scene scene = node != null ? node.getScene() : sceneAt(point.getX(), point.getY());
          if (scene != null) watch = new InputWatch(scene, MouseEvent.MOUSE_RELEASED);
          robot().mouseMove(point);
          robot().mouseClick(button);
          Map<String, Object> out = done("click", node);
          out.put("point", Map.of("x", point.getX(), "y", point.getY()));
          return out;
        },
        timeoutMs);
  }

  private static Node clickable(Node node) {
    requireEnabled(node);
    Bounds b = node.localToScreen(node.getBoundsInLocal());
    if (b == null || b.getWidth() <= 0 || b.getHeight() <= 0) {
      throw UiException.actionFailed("NO_SCREEN_BOUNDS", Describe.summary(node) + " has no screen bounds");
    }
    return node;
  }

  private Map<String, Object> typeText(Input in) {
    String text = in.requiredString("text");
    Node node = in.has("target") ? target(in) : null;
    if (node != null) focus(node);
    Node owner = focusOwner(node);
    if (owner == null) throw UiException.actionFailed("NO_FOCUS", "no node has the keyboard focus");
    for (int i = 0; i < text.length(); ) {
      int cp = text.codePointAt(i);
      String ch = new String(Character.toChars(cp));
      Event.fireEvent(
          owner,
          new KeyEvent(KeyEvent.KEY_TYPED, ch, "", KeyCode.UNDEFINED, false, false, false, false));
      i += Character.charCount(cp);
    }
    return done("typeText", owner);
  }

  private Map<String, Object> setText(Node node, String text) {
    if (!(node instanceof TextInputControl input)) {
      throw UiException.actionFailed(
          "UNSUPPORTED_TARGET_TYPE", Describe.type(node) + " is not a text input control");
    }
    requireEnabled(node);
    input.setText(text);
    input.positionCaret(text.length());
    return done("setText", node);
  }

  private Map<String, Object> pressKey(Input in) {
    KeyCode key = Keys.code(in.requiredString("key"));
    List<KeyCode> modifiers = new ArrayList<>();
    for (String m : in.strings("modifiers")) {
      KeyCode code = Keys.code(m);
      if (!Keys.isModifier(code)) throw UiException.invalid("not a modifier: " + m);
      modifiers.add(code);
    }
    Node node = in.has("target") ? target(in) : null;
    if (node != null) focus(node);
    Node owner = focusOwner(node);
    if (owner == null) throw UiException.actionFailed("NO_FOCUS", "no window of the app has the keyboard focus");
    watch = new InputWatch(owner.getScene(), KeyEvent.KEY_RELEASED);
    for (KeyCode m : modifiers) robot().keyPress(m);
    try {
      robot().keyPress(key);
      robot().keyRelease(key);
    } finally {
      for (int i = modifiers.size() - 1; i >= 0; i--) robot().keyRelease(modifiers.get(i));
    }
    return done("pressKey", focusOwner(node));
  }

  private Map<String, Object> scroll(Input in) {
    Node node = target(in);
    Double delta = in.number("deltaY");
    if (delta == null) throw UiException.invalid("scroll needs deltaY (wheel notches, + is down)");
    Bounds b = node.localToScreen(node.getBoundsInLocal());
    if (b == null) throw UiException.actionFailed("NO_SCREEN_BOUNDS", Describe.summary(node) + " has no screen bounds");
    watch = new InputWatch(node.getScene(), ScrollEvent.ANY);
    robot().mouseMove(b.getCenterX(), b.getCenterY());
    robot().mouseWheel((int) Math.round(delta));
    return done("scroll", node);
  }

  /** The robot is made on the FX thread, as JavaFX requires. */
  private Robot robot() {
    if (robot == null) robot = new Robot();
    return robot;
  }

  private Robot robot(int timeoutMs) {
    return robot != null ? robot : Fx.exec(this::robot, timeoutMs);
  }

  /** The scene of this app's showing window under a screen point, if any. */
  private static Scene sceneAt(double x, double y) {
    for (Window w : Window.getWindows()) {
      if (w.isShowing() && w.getScene() != null
          && x >= w.getX() && x < w.getX() + w.getWidth()
          && y >= w.getY() && y < w.getY() + w.getHeight()) {
        return w.getScene();
      }
    }
    return null;
  }

  private static Node focusOwner(Node hint) {
    if (hint != null && hint.getScene() != null) return hint.getScene().getFocusOwner();
    for (Window w : Window.getWindows()) {
      Scene s = w.getScene();
      if (w.isFocused() && s != null && s.getFocusOwner() != null) return s.getFocusOwner();
    }
    return null;
  }

  private static void requireEnabled(Node node) {
    if (node.isDisabled()) {
      throw new UiException(
          ErrorCode.MCP_UI_ACTION_FAILED,
          Describe.summary(node) + " is disabled",
          Map.of("reason", "DISABLED"));
    }
  }

  private Map<String, Object> done(String action, Node node) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("ok", true);
    out.put("action", action);
    if (node != null) out.put("target", Map.of("uid", uids.of(node), "summary", Describe.summary(node)));
    return out;
  }

  /** The target's state after the UI settled: what the action's effect looks like. */
  private Map<String, Object> afterState(Map<String, Object> result) {
    Map<String, Object> after = new LinkedHashMap<>();
    Node n = result.get("target") instanceof Map<?, ?> t ? uids.find((String) t.get("uid")) : null;
    if (n != null) {
      after.put("summary", Describe.summary(n));
      after.put("focused", n.getScene() != null && n.getScene().getFocusOwner() == n);
    }
    Node owner = focusOwner(null);
    after.put("focusOwner", owner == null ? null : Map.of("uid", uids.of(owner), "summary", Describe.summary(owner)));
    return after;
  }
}

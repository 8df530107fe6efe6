package io.uistream.fxdebug.provider;

import io.uistream.fxdebug.core.actions.Actions;
import io.uistream.fxdebug.core.capture.Refs;
import io.uistream.fxdebug.core.capture.Uids;
import io.uistream.fxdebug.core.fx.Fx;
import io.uistream.fxdebug.core.model.ErrorCode;
import io.uistream.fxdebug.core.model.UiException;
import io.uistream.fxdebug.util.Input;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import javafx.scene.Node;
import javafx.scene.control.*;
import javafx.stage.Window;

/**
 * The server's requests carried out in the app: control operations through the controls' own
 * API on the FX thread ("pattern"), pointer and keys through the library's robot actions
 * ("input"). The effect reaches the server through the scene watcher's next delta.
 */
final class ProviderActions {
  static final List<String> OFFERED =
      List.of("focus", "click", "typeText", "setText", "pressKey", "invoke", "toggle", "expand", "collapse", "setRange", "activate",
          "select", "scroll", "scrollIntoView");

  private final Uids uids;
  private final Refs refs;
  private final Actions actions;
  /** The rows of virtualized controls (null until the scene watcher exists). */
  private final Supplier<VirtualRows> rows;

  ProviderActions(Uids uids, Supplier<VirtualRows> rows) {
    this.uids = uids;
    this.refs = new Refs(uids);
    this.actions = new Actions(uids);
    this.rows = rows;
  }

  /** Runs one request; answers "pattern" or "input", or throws a UiException. Not on FX. */
  String perform(Map<String, Object> action, int deadlineMs) {
    String kind = String.valueOf(action.get("kind"));
    String id = (String) action.get("id");
    switch (kind) {
      case "click", "typeText", "pressKey" -> {
        // A row is clicked where the cell showing it is.
        String target = id == null ? null : Fx.exec(() -> cellOrNode(id), deadlineMs);
        actions.perform(new Input(robotInput(kind, target, action)), deadlineMs);
        return "input";
      }
      case "activate" -> {
        Fx.run(() -> activate(id), deadlineMs);
        return "pattern";
      }
      default -> {
        Fx.run(() -> {
          VirtualRows.Row row = row(id);
          if (row != null) RowActions.perform(kind, row);
          else control(kind, node(id), action);
        }, deadlineMs);
        return "pattern";
      }
    }
  }

  private static Map<String, Object> robotInput(String kind, String id, Map<String, Object> action) {
    Map<String, Object> in = new LinkedHashMap<>();
    in.put("action", kind);
    if (id != null) in.put("target", Map.of("uid", id));
    if (action.get("text") != null) in.put("text", action.get("text"));
    if (action.get("key") != null) in.put("key", action.get("key"));
    if (action.get("modifiers") != null) in.put("modifiers", action.get("modifiers"));
    return in;
  }

  private VirtualRows.Row row(String id) {
    VirtualRows r = rows.get();
    return id == null || r == null ? null : r.find(id);
  }

  private String cellOrNode(String id) {
    VirtualRows.Row row = row(id);
    return row == null ? id : RowActions.cellUid(row, uids);
  }

  private Node node(String id) {
    if (id == null) throw UiException.invalid("the action names no node");
    return refs.resolve(id, null);
  }

  private static void control(String kind, Node n, Map<String, Object> action) {
    if (n.isDisabled()) throw UiException.actionFailed("DISABLED", n + " is disabled");
    switch (kind) {
      case "focus" -> {
        n.getScene().getWindow().requestFocus();
        n.requestFocus();
      }
      case "invoke", "toggle" -> {
        if (!(n instanceof ButtonBase b)) throw unsupported(kind, n);
        b.fire();
      }
      case "setText" -> {
        if (!(n instanceof TextInputControl t) || !t.isEditable()) throw unsupported(kind, n);
        String text = String.valueOf(action.get("text"));
        t.setText(text);
        t.positionCaret(text.length());
      }
      case "expand", "collapse" -> expand(n, kind.equals("expand"));
      case "scroll" -> {
        double amount = action.get("amount") instanceof Number a ? a.doubleValue() : 1;
        if (!RowActions.scroll(n, String.valueOf(action.get("direction")), amount)) throw unsupported(kind, n);
      }
      case "setRange" -> {
        if (!(n instanceof Slider s) || !(action.get("value") instanceof Number v)) throw unsupported(kind, n);
        s.setValue(Math.max(s.getMin(), Math.min(s.getMax(), v.doubleValue())));
      }
      default -> throw unsupported(kind, n);
    }
  }

  private static void expand(Node n, boolean open) {
    if (n instanceof TitledPane t) t.setExpanded(open);
    else if (n instanceof ComboBoxBase<?> c) {
      if (open) c.show();
      else c.hide();
    } else throw unsupported(open ? "expand" : "collapse", n);
  }

  private void activate(String id) {
    for (Window w : Window.getWindows()) {
      if (id.equals(w.getProperties().get("mcp.uid"))) {
        if (w instanceof javafx.stage.Stage s) s.toFront();
        w.requestFocus();
        return;
      }
    }
    throw new UiException(ErrorCode.MCP_UI_STALE_REF, "window " + id + " is gone");
  }

  private static UiException unsupported(String kind, Node n) {
    return new UiException(
        ErrorCode.MCP_UI_ACTION_FAILED,
        kind + " does not apply to " + n.getClass().getSimpleName(),
        Map.of("reason", "UNSUPPORTED_TARGET_TYPE"));
  }
}

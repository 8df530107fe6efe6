package io.uistream.fxdebug.core.actions;

import io.uistream.fxdebug.core.model.ErrorCode;
import io.uistream.fxdebug.core.model.UiException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javafx.scene.input.KeyCode;

/** Key names as callers write them ("Enter", "ctrl", "F5", "a") mapped to JavaFX key codes. */
public final class Keys {
  private static final Map<String, KeyCode> ALIASES =
      Map.ofEntries(
          Map.entry("ctrl", KeyCode.CONTROL),
          Map.entry("control", KeyCode.CONTROL),
          Map.entry("alt", KeyCode.ALT),
          Map.entry("shift", KeyCode.SHIFT),
          Map.entry("meta", KeyCode.META),
          Map.entry("cmd", KeyCode.META),
          Map.entry("command", KeyCode.META),
          Map.entry("esc", KeyCode.ESCAPE),
          Map.entry("return", KeyCode.ENTER),
          Map.entry("del", KeyCode.DELETE),
          Map.entry("pageup", KeyCode.PAGE_UP),
          Map.entry("pagedown", KeyCode.PAGE_DOWN),
          Map.entry("arrowup", KeyCode.UP),
          Map.entry("arrowdown", KeyCode.DOWN),
          Map.entry("arrowleft", KeyCode.LEFT),
          Map.entry("arrowright", KeyCode.RIGHT),
          Map.entry(" ", KeyCode.SPACE));

  private Keys() {}

  public static KeyCode code(String name) {
    if (name == null || name.isEmpty()) throw UiException.invalid("key is required");
    KeyCode alias = ALIASES.get(name.toLowerCase(Locale.ROOT));
    if (alias != null) return alias;
    if (name.length() == 1) {
      KeyCode c = KeyCode.getKeyCode(name.toUpperCase(Locale.ROOT));
      if (c != null) return c;
    }
    KeyCode byName = KeyCode.getKeyCode(name);
    if (byName != null) return byName;
    try {
      return KeyCode.valueOf(name.toUpperCase(Locale.ROOT).replace(' ', '_'));
    } catch (IllegalArgumentException e) {
      throw new UiException(
          ErrorCode.MCP_UI_INVALID_INPUT,
          "unknown key '" + name + "'",
          Map.of("field", "key", "examples", List.of("Enter", "Tab", "Escape", "F5", "a", "ctrl")));
    }
  }

  public static boolean isModifier(KeyCode code) {
    return code == KeyCode.CONTROL
        || code == KeyCode.ALT
        || code == KeyCode.SHIFT
        || code == KeyCode.META;
  }
}

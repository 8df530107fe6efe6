package io.uistream.fxdebug.core.capture;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBoxBase;
import javafx.scene.control.Labeled;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.Slider;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextInputControl;
import javafx.scene.control.Toggle;
import javafx.scene.text.Text;

/** What a node says about itself: type, text, summary, properties. FX thread only. */
public final class Describe {
  private Describe() {}

  /** The class's simple name; an anonymous subclass reports the class it extends. */
  public static String type(Node node) {
    Class<?> c = node.getClass();
    while (c.getSimpleName().isEmpty()) c = c.getSuperclass();
    return c.getSimpleName();
  }

  /** The text a user reads on the node, or null. */
  public static String text(Node node) {
    if (node instanceof Labeled l) return l.getText();
    if (node instanceof TextInputControl t) return t.getText();
    if (node instanceof Text t) return t.getText();
    if (node instanceof ComboBoxBase<?> c) return c.getValue() == null ? null : c.getValue().toString();
    return null;
  }

  public static String prompt(Node node) {
    return node instanceof TextInputControl t ? t.getPromptText() : null;
  }

  /** The short description of section 7.4: {@code Button[text=OK]}. */
  public static String summary(Node node) {
    List<String> parts = new ArrayList<>();
    String text = text(node);
    if (text != null) parts.add("text=" + clip(text));
    String prompt = prompt(node);
    if (prompt != null && !prompt.isEmpty()) parts.add("prompt=" + clip(prompt));
    Map<String, Object> v = Virtualization.of(node);
    if (v != null) {
      parts.add("items=" + v.get("itemsCount"));
      Object selected = v.get("selectedIndex");
      if (selected instanceof Integer i && i >= 0) parts.add("selected=" + i);
    }
    if (node instanceof Toggle t) parts.add("selected=" + t.isSelected());
    if (node instanceof CheckBox c) parts.add("selected=" + c.isSelected());
    if (node.getId() != null) parts.add("id=" + node.getId());
    return type(node) + "[" + String.join(", ", parts) + "]";
  }

  /** Type-specific state: selection, values, ranges, tabs, menus. */
  public static Map<String, Object> properties(Node node) {
    Map<String, Object> p = new LinkedHashMap<>();
    if (node instanceof TextInputControl t) {
      p.put("prompt", t.getPromptText());
      p.put("editable", t.isEditable());
    }
    if (node instanceof Toggle t) p.put("selected", t.isSelected());
    if (node instanceof CheckBox c) {
      p.put("selected", c.isSelected());
      p.put("indeterminate", c.isIndeterminate());
    }
    if (node instanceof Slider s) {
      p.put("value", s.getValue());
      p.put("min", s.getMin());
      p.put("max", s.getMax());
    }
    if (node instanceof ProgressIndicator pi) p.put("progress", pi.getProgress());
    if (node instanceof ComboBoxBase<?> c) p.put("showing", c.isShowing());
    if (node instanceof TabPane tabs) p.put("tabs", tabs(tabs));
    if (node instanceof MenuBar bar) p.put("menus", menus(bar));
    return p;
  }

  private static List<Object> tabs(TabPane pane) {
    List<Object> out = new ArrayList<>();
    for (Tab tab : pane.getTabs()) {
      Map<String, Object> t = new LinkedHashMap<>();
      t.put("text", tab.getText());
      t.put("id", tab.getId());
      t.put("selected", tab.isSelected());
      t.put("disabled", tab.isDisabled());
      out.add(t);
    }
    return out;
  }

  private static List<Object> menus(MenuBar bar) {
    List<Object> out = new ArrayList<>();
    for (Menu m : bar.getMenus()) out.add(m.getText());
    return out;
  }

  public static Map<String, Object> rect(Bounds b) {
    if (b == null) return null;
    Map<String, Object> r = new LinkedHashMap<>();
    r.put("x", b.getMinX());
    r.put("y", b.getMinY());
    r.put("width", b.getWidth());
    r.put("height", b.getHeight());
    return r;
  }

  public static Map<String, Object> accessibility(Node node) {
    Map<String, Object> a = new LinkedHashMap<>();
    a.put("role", node.getAccessibleRole() == null ? null : node.getAccessibleRole().name());
    a.put("roleDescription", node.getAccessibleRoleDescription());
    a.put("text", node.getAccessibleText());
    a.put("help", node.getAccessibleHelp());
    return a;
  }

  private static String clip(String s) {
    return s.length() <= 40 ? s : s.substring(0, 37) + "...";
  }
}

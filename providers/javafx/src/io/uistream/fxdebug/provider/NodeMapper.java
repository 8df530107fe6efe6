package io.uistream.fxdebug.provider;

import io.uistream.fxdebug.core.capture.Describe;
import io.uistream.fxdebug.core.capture.ScreenOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.*;
import javafx.scene.image.ImageView;
import javafx.scene.layout.Pane;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * JavaFX nodes in uistream's vocabulary (the provider protocol's node): control type, name,
 * value, states and the patterns the provider can carry out. FX thread only.
 */
final class NodeMapper {
  private NodeMapper() {}

  static String controlType(Node n) {
    if (n instanceof Button || n instanceof ToggleButton && !(n instanceof RadioButton)) return "Button";
    if (n instanceof CheckBox) return "CheckBox";
    if (n instanceof RadioButton) return "RadioButton";
    if (n instanceof Hyperlink) return "Hyperlink";
    if (n instanceof TextInputControl) return "Edit";
    if (n instanceof Label || n instanceof Text) return "Text";
    if (n instanceof ComboBoxBase) return "ComboBox";
    if (n instanceof ChoiceBox) return "ComboBox";
    if (n instanceof ListView) return "List";
    if (n instanceof TableView || n instanceof TreeTableView) return "Table";
    if (n instanceof TreeView) return "Tree";
    if (n instanceof TabPane) return "Tab";
    if (n instanceof MenuBar) return "MenuBar";
    if (n instanceof Slider) return "Slider";
    if (n instanceof ProgressBar || n instanceof ProgressIndicator) return "ProgressBar";
    if (n instanceof ScrollBar) return "ScrollBar";
    if (n instanceof Separator) return "Separator";
    if (n instanceof ToolBar) return "ToolBar";
    if (n instanceof ImageView) return "Image";
    if (n instanceof Spinner) return "Spinner";
    if (n instanceof Pane || n instanceof ScrollPane || n instanceof SplitPane || n instanceof TitledPane) return "Pane";
    return "Custom";
  }

  static List<String> patterns(Node n) {
    List<String> p = new ArrayList<>();
    if (n instanceof ButtonBase && !(n instanceof CheckBox) && !(n instanceof ToggleButton)) p.add("Invoke");
    if (n instanceof TextInputControl t && t.isEditable()) p.add("Value");
    if (n instanceof Slider) p.add("RangeValue");
    if (n instanceof CheckBox || n instanceof ToggleButton) p.add("Toggle");
    if (n instanceof TitledPane) p.add("ExpandCollapse");
    if (n instanceof ScrollPane || n instanceof ListView || n instanceof TableView || n instanceof TreeView) p.add("Scroll");
    if (n instanceof TextInputControl || n instanceof Labeled || n instanceof Text) p.add("Text");
    return sortPatterns(p);
  }

  private static final List<String> PATTERN_ORDER =
      List.of("Invoke", "Value", "RangeValue", "Toggle", "ExpandCollapse", "SelectionItem", "Selection", "Scroll", "ScrollItem", "Text", "Window", "Grid", "Table");

  private static List<String> sortPatterns(List<String> p) {
    p.sort((a, b) -> PATTERN_ORDER.indexOf(a) - PATTERN_ORDER.indexOf(b));
    return p;
  }

  private static final List<String> STATE_ORDER =
      List.of("enabled", "focused", "focusable", "selected", "selectable", "checked", "unchecked", "mixed", "expanded", "collapsed", "offscreen", "readonly", "password", "modal", "multiselectable", "editable", "active", "minimized", "maximized", "busy", "required");

  static List<String> states(Node n) {
    List<String> s = new ArrayList<>();
    if (!n.isDisabled()) s.add("enabled");
    if (n.isFocused()) s.add("focused");
    if (n.isFocusTraversable()) s.add("focusable");
    if (n instanceof CheckBox c) s.add(c.isIndeterminate() ? "mixed" : c.isSelected() ? "checked" : "unchecked");
    if (n instanceof ToggleButton t) s.add(t.isSelected() ? "checked" : "unchecked");
    if (n instanceof TitledPane t) s.add(t.isExpanded() ? "expanded" : "collapsed");
    if (!n.isVisible() || n.getScene() == null) s.add("offscreen");
    if (n instanceof TextInputControl t) s.add(t.isEditable() ? "editable" : "readonly");
    if (n instanceof PasswordField) s.add("password");
    s.sort((a, b) -> STATE_ORDER.indexOf(a) - STATE_ORDER.indexOf(b));
    return s;
  }

  /** The node as the provider protocol sends it. */
  static Map<String, Object> node(Node n, String id, String parentId, List<String> children) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("id", id);
    out.put("parentId", parentId);
    out.put("children", children);
    out.put("controlType", controlType(n));
    String text = Describe.text(n);
    boolean isValue = n instanceof TextInputControl;
    String name = isValue ? orEmpty(n.getAccessibleText()) : text != null ? text : orEmpty(n.getAccessibleText());
    out.put("name", name.length() > 8192 ? name.substring(0, 8192) : name);
    if (n.getId() != null) out.put("automationId", n.getId());
    out.put("className", Describe.type(n));
    if (isValue) out.put("value", text == null ? "" : text);
    if (n instanceof Slider sl) out.put("range", Map.of("value", sl.getValue(), "min", sl.getMin(), "max", sl.getMax()));
    out.put("rect", rect(ScreenOffset.screenBounds(n)));
    out.put("states", states(n));
    out.put("patterns", patterns(n));
    return out;
  }

  static Map<String, Object> window(Window w, String id, List<String> children) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("id", id);
    out.put("parentId", null);
    out.put("children", children);
    out.put("controlType", "Window");
    out.put("name", w instanceof Stage s && s.getTitle() != null ? s.getTitle() : "");
    out.put("className", w.getClass().getSimpleName());
    out.put("rect", rect(new javafx.geometry.BoundingBox(w.getX(), w.getY(), w.getWidth(), w.getHeight())));
    List<String> states = new ArrayList<>(List.of("enabled"));
    if (w.isFocused()) states.add("active");
    if (w instanceof Stage s && s.getModality() != javafx.stage.Modality.NONE) states.add("modal");
    if (w instanceof Stage s && s.isIconified()) states.add("minimized");
    if (w instanceof Stage s && s.isMaximized()) states.add("maximized");
    states.sort((a, b) -> STATE_ORDER.indexOf(a) - STATE_ORDER.indexOf(b));
    out.put("states", states);
    out.put("patterns", List.of("Window"));
    return out;
  }

  static Map<String, Object> rect(Bounds b) {
    if (b == null) return null;
    Map<String, Object> r = new LinkedHashMap<>();
    r.put("x", Math.round(b.getMinX()));
    r.put("y", Math.round(b.getMinY()));
    r.put("width", Math.max(0, Math.round(b.getWidth())));
    r.put("height", Math.max(0, Math.round(b.getHeight())));
    return r;
  }

  private static String orEmpty(String s) {
    return s == null ? "" : s;
  }
}

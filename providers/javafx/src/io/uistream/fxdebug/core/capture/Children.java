package io.uistream.fxdebug.core.capture;

import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Accordion;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.Control;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TitledPane;
import javafx.scene.control.ToolBar;

/**
 * The children a user sees (section 7.3). A standard control is a leaf unless internals are
 * asked for, but containers that are controls (ScrollPane, TabPane, SplitPane, ...) show their
 * content, not their skin. Custom controls (outside javafx.scene.control) are walked as parents.
 */
public final class Children {
  private static final String STANDARD_CONTROLS = "javafx.scene.control.";

  private Children() {}

  public static List<Node> of(Node node, boolean internals) {
    if (!(node instanceof Parent parent)) return List.of();
    if (internals || !isStandardControl(node)) return parent.getChildrenUnmodifiable();
    return contentOf((Control) node);
  }

  public static boolean isStandardControl(Node node) {
    if (!(node instanceof Control)) return false;
    Class<?> c = node.getClass();
    while (c != null && !c.getName().startsWith(STANDARD_CONTROLS)) {
      if (c == Control.class) return false;
      c = c.getSuperclass();
    }
    return c != null && c.getPackageName().equals("javafx.scene.control");
  }

  private static List<Node> contentOf(Control control) {
    List<Node> out = new ArrayList<>();
    if (control instanceof ScrollPane sp) {
      addIfPresent(out, sp.getContent());
    } else if (control instanceof TitledPane tp) {
      addIfPresent(out, tp.getContent());
    } else if (control instanceof TabPane tabs) {
      // Only the selected tab's content is in the scene; the others are listed as properties.
      Tab selected = tabs.getSelectionModel().getSelectedItem();
      if (selected != null) addIfPresent(out, selected.getContent());
    } else if (control instanceof SplitPane split) {
      out.addAll(split.getItems());
    } else if (control instanceof Accordion accordion) {
      out.addAll(accordion.getPanes());
    } else if (control instanceof ToolBar bar) {
      out.addAll(bar.getItems());
    } else if (control instanceof ButtonBar bar) {
      out.addAll(bar.getButtons());
    }
    return out;
  }

  private static void addIfPresent(List<Node> out, Node node) {
    if (node != null) out.add(node);
  }
}

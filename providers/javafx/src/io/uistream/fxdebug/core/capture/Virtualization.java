package io.uistream.fxdebug.core.capture;

import java.util.LinkedHashMap;
import java.util.Map;
import javafx.scene.Node;
import javafx.scene.control.IndexedCell;
import javafx.scene.control.ListView;
import javafx.scene.control.TableView;
import javafx.scene.control.TreeTableView;
import javafx.scene.control.TreeView;
import javafx.scene.control.skin.VirtualFlow;

/**
 * Metadata of virtualized controls (section 15): how many items there are, which is selected,
 * and which range is realized on screen. Only realized rows exist as nodes, so a caller needs
 * the count and range to know what the tree does not show. FX thread only.
 */
public final class Virtualization {
  private Virtualization() {}

  /** Null for a node that is not a virtualized control. */
  public static Map<String, Object> of(Node node) {
    Map<String, Object> v = new LinkedHashMap<>();
    if (node instanceof ListView<?> list) {
      v.put("itemsCount", list.getItems() == null ? 0 : list.getItems().size());
      v.put("selectedIndex", list.getSelectionModel().getSelectedIndex());
    } else if (node instanceof TableView<?> table) {
      v.put("itemsCount", table.getItems() == null ? 0 : table.getItems().size());
      v.put("selectedIndex", table.getSelectionModel().getSelectedIndex());
      v.put("columns", table.getColumns().stream().map(c -> c.getText()).toList());
    } else if (node instanceof TreeView<?> tree) {
      v.put("itemsCount", tree.getExpandedItemCount());
      v.put("selectedIndex", tree.getSelectionModel().getSelectedIndex());
    } else if (node instanceof TreeTableView<?> tree) {
      v.put("itemsCount", tree.getExpandedItemCount());
      v.put("selectedIndex", tree.getSelectionModel().getSelectedIndex());
    } else {
      return null;
    }
    Map<String, Object> range = visibleRange(node);
    if (range != null) v.put("visibleRange", range);
    return v;
  }

  /** First and last realized row index, best-effort (null before the skin has laid out). */
  public static Map<String, Object> visibleRange(Node node) {
    Node flow = node.lookup(".virtual-flow");
    if (!(flow instanceof VirtualFlow<?> vf)) return null;
    IndexedCell<?> first = vf.getFirstVisibleCell();
    IndexedCell<?> last = vf.getLastVisibleCell();
    if (first == null || last == null) return null;
    Map<String, Object> r = new LinkedHashMap<>();
    r.put("first", first.getIndex());
    r.put("last", last.getIndex());
    return r;
  }
}

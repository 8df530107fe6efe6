package io.uistream.fxdebug.provider;

import java.util.List;
import javafx.beans.Observable;
import javafx.scene.Node;
import javafx.scene.control.Cell;
import javafx.scene.control.Control;
import javafx.scene.control.IndexedCell;
import javafx.scene.control.ListView;
import javafx.scene.control.MultipleSelectionModel;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import javafx.scene.control.cell.CheckBoxListCell;
import javafx.scene.control.cell.ChoiceBoxListCell;
import javafx.scene.control.cell.ComboBoxListCell;
import javafx.scene.control.cell.TextFieldListCell;
import javafx.scene.control.skin.VirtualFlow;
import javafx.util.StringConverter;

/**
 * The rows of a virtualized control (ListView, TableView, TreeView) through the control's own
 * API, whether or not a cell shows them: how many, which object each is (a row's identity),
 * its text, whether it is selected; and the control's operations on a row by index. Only rows
 * in view have cells; everything here works for the others too. FX thread only.
 */
abstract class RowSource {
  final Control control;

  RowSource(Control control) {
    this.control = control;
  }

  /** Null for a node whose children are not virtualized rows. */
  static RowSource of(Node n) {
    if (n instanceof ListView<?> l) return new Lists(l);
    if (n instanceof TableView<?> t) return new Tables(t);
    if (n instanceof TreeView<?> t) return new Trees(t);
    return null;
  }

  abstract int count();

  /** The object the row shows: rows keep their uid as long as the control holds it. */
  abstract Object item(int index);

  abstract String text(int index);

  abstract String controlType();

  abstract MultipleSelectionModel<?> selection();

  abstract void scrollTo(int index);

  /** True/false for a tree row with children (expanded or not); null for any other row. */
  Boolean expanded(int index) {
    return null;
  }

  void setExpanded(int index, boolean open) {
    throw new UnsupportedOperationException();
  }

  /** The items list itself (its changes are its own), or null when there is none. */
  Observable contents() {
    return null;
  }

  /** What changes {@link #count}, {@link #item} or {@link #text}. */
  abstract List<Observable> itemsObservables();

  /** The realized cell showing the row, or null when the row is not in view. */
  IndexedCell<?> cell(int index) {
    VirtualFlow<?> flow = flow();
    if (flow == null) return null;
    IndexedCell<?> first = flow.getFirstVisibleCell();
    IndexedCell<?> last = flow.getLastVisibleCell();
    if (first == null || last == null || index < first.getIndex() || index > last.getIndex()) return null;
    IndexedCell<?> cell = flow.getVisibleCell(index);
    return cell != null && cell.isVisible() && !cell.isEmpty() ? cell : null;
  }

  /** The first and last row in view, or null before the skin has laid the control out. */
  int[] inView() {
    VirtualFlow<?> flow = flow();
    if (flow == null || control.getScene() == null || !control.isVisible()) return null;
    IndexedCell<?> first = flow.getFirstVisibleCell();
    IndexedCell<?> last = flow.getLastVisibleCell();
    if (first == null || last == null) return null;
    return new int[] {first.getIndex(), Math.min(last.getIndex(), count() - 1)};
  }

  VirtualFlow<?> flow() {
    return control.lookup(".virtual-flow") instanceof VirtualFlow<?> vf ? vf : null;
  }

  static String str(Object value) {
    return value == null ? "" : value.toString();
  }

  private static final class Lists extends RowSource {
    private final ListView<?> list;
    private StringConverter<Object> converter;
    private Object converterFactory;

    Lists(ListView<?> list) {
      super(list);
      this.list = list;
    }

    int count() {
      return list.getItems() == null ? 0 : list.getItems().size();
    }

    Object item(int index) {
      return list.getItems().get(index);
    }

    /** The cell factory's string conversion (the converter cells), else the item's toString. */
    String text(int index) {
      Object item = item(index);
      StringConverter<Object> c = converter();
      return c == null ? str(item) : str(c.toString(item));
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private StringConverter<Object> converter() {
      Object factory = list.getCellFactory();
      if (factory == converterFactory) return converter;
      converterFactory = factory;
      converter = null;
      if (factory == null) return null;
      Cell<?> probe = (Cell<?>) ((javafx.util.Callback) factory).call(list);
      if (probe instanceof TextFieldListCell<?> c) converter = (StringConverter) c.getConverter();
      else if (probe instanceof ComboBoxListCell<?> c) converter = (StringConverter) c.getConverter();
      else if (probe instanceof ChoiceBoxListCell<?> c) converter = (StringConverter) c.getConverter();
      else if (probe instanceof CheckBoxListCell<?> c) converter = (StringConverter) c.getConverter();
      return converter;
    }

    String controlType() {
      return "ListItem";
    }

    MultipleSelectionModel<?> selection() {
      return list.getSelectionModel();
    }

    void scrollTo(int index) {
      list.scrollTo(index);
    }

    Observable contents() {
      return list.getItems();
    }

    List<Observable> itemsObservables() {
      return List.of(list.itemsProperty(), list.cellFactoryProperty());
    }
  }

  private static final class Tables extends RowSource {
    private final TableView<?> table;

    Tables(TableView<?> table) {
      super(table);
      this.table = table;
    }

    int count() {
      return table.getItems() == null ? 0 : table.getItems().size();
    }

    Object item(int index) {
      return table.getItems().get(index);
    }

    /** The first visible column's cell value: what a user reads a row by. */
    String text(int index) {
      for (TableColumn<?, ?> column : table.getVisibleLeafColumns()) return str(column.getCellData(index));
      return str(item(index));
    }

    String controlType() {
      return "DataItem";
    }

    MultipleSelectionModel<?> selection() {
      return table.getSelectionModel();
    }

    void scrollTo(int index) {
      table.scrollTo(index);
    }

    Observable contents() {
      return table.getItems();
    }

    List<Observable> itemsObservables() {
      return List.of(table.itemsProperty(), table.getVisibleLeafColumns());
    }
  }

  private static final class Trees extends RowSource {
    private final TreeView<?> tree;

    Trees(TreeView<?> tree) {
      super(tree);
      this.tree = tree;
    }

    /** The rows a user can scroll to: the items under expanded parents. */
    int count() {
      return tree.getExpandedItemCount();
    }

    Object item(int index) {
      return tree.getTreeItem(index);
    }

    String text(int index) {
      TreeItem<?> item = tree.getTreeItem(index);
      return item == null ? "" : str(item.getValue());
    }

    String controlType() {
      return "TreeItem";
    }

    MultipleSelectionModel<?> selection() {
      return tree.getSelectionModel();
    }

    void scrollTo(int index) {
      tree.scrollTo(index);
    }

    Boolean expanded(int index) {
      TreeItem<?> item = tree.getTreeItem(index);
      return item == null || item.isLeaf() ? null : item.isExpanded();
    }

    void setExpanded(int index, boolean open) {
      TreeItem<?> item = tree.getTreeItem(index);
      if (item == null || item.isLeaf()) throw new UnsupportedOperationException();
      item.setExpanded(open);
    }

    List<Observable> itemsObservables() {
      return List.of(tree.rootProperty(), tree.expandedItemCountProperty());
    }
  }
}

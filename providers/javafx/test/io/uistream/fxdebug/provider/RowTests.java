package io.uistream.fxdebug.provider;

import io.uistream.fxdebug.core.capture.Uids;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import javafx.collections.FXCollections;
import javafx.scene.control.ListView;
import javafx.scene.control.cell.TextFieldListCell;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;

/**
 * The rows of virtualized controls, on detached controls (JavaFX lets any thread build and
 * read nodes outside a showing window): uids per item, names, slicing, actions by index.
 */
public final class RowTests {
  private RowTests() {}

  private static void equal(Object expected, Object actual, String what) {
    if (!Objects.equals(expected, actual)) throw new AssertionError(what + ": expected <" + expected + "> but was <" + actual + ">");
  }

  private static RowSet rows(ListView<String> list) {
    return new RowSet(RowSource.of(list), "u-list", new Uids());
  }

  /** An item inserted above shifts indices, not uids; a removed item's uid is gone. */
  public static void uidsFollowItems() {
    ListView<String> list = new ListView<>(FXCollections.observableArrayList("a", "b", "c"));
    RowSet set = rows(list);
    List<String> before = set.nameAll();
    list.getItems().add(0, "new");
    List<String> after = set.nameAll();
    equal(before, after.subList(1, 4), "the old items keep their uids");
    equal(false, before.contains(after.get(0)), "the new item has a uid of its own");
    list.getItems().remove(2); // "b"
    equal(-1, set.indexOf(before.get(1)), "a removed item's row is gone");
    equal(2, set.indexOf(before.get(2)), "\"c\" is found at its new index");
  }

  /** The same object twice in a list is two rows, each keeping its uid. */
  public static void repeatedItems() {
    String same = "twice";
    ListView<String> list = new ListView<>(FXCollections.observableArrayList(same, "x", same));
    RowSet set = rows(list);
    List<String> ids = set.nameAll();
    equal(3, new HashSet<>(ids).size(), "three distinct uids");
    equal(ids, set.nameAll(), "named again: the same uids");
  }

  /** Names come from the cell factory's converter; rows without a cell are offscreen. */
  public static void namesAndStates() {
    ListView<String> list = new ListView<>(FXCollections.observableArrayList("apple", "pear"));
    list.setCellFactory(TextFieldListCell.forListView(new StringConverter<String>() {
      @Override
      public String toString(String s) {
        return s.toUpperCase();
      }

      @Override
      public String fromString(String s) {
        return s;
      }
    }));
    list.getSelectionModel().select(1);
    RowSet set = rows(list);
    List<String> ids = set.nameAll();
    Map<String, Object> row = set.describe(1, ids.get(1), null);
    equal("PEAR", row.get("name"), "the converter's text");
    equal("ListItem", row.get("controlType"), "control type");
    equal(List.of("enabled", "selected", "selectable", "offscreen"), row.get("states"), "states");
    equal(List.of("SelectionItem", "ScrollItem"), row.get("patterns"), "patterns");
    equal(null, row.get("rect"), "no cell, no rectangle");
  }

  /** A snapshot walk reports a 1,000-item list's rows in slices, as its children. */
  @SuppressWarnings("unchecked")
  public static void walkSlices() {
    ListView<String> list = new ListView<>();
    for (int i = 0; i < 1000; i++) list.getItems().add("item " + i);
    Uids uids = new Uids();
    SentNodes sent = new SentNodes(uids, new FxTaskStats(), n -> {}, new VirtualRows(uids));
    List<Object> out = new ArrayList<>();
    SubtreeWalk walk = sent.walkInto(out);
    walk.add(new VBox(list), "w-0");
    int steps = 0;
    while (!walk.done()) {
      walk.step();
      steps++;
    }
    equal(1002, out.size(), "the box, the list and 1,000 rows");
    Map<String, Object> listJson = (Map<String, Object>) out.get(1);
    List<String> children = (List<String>) listJson.get("children");
    equal(1000, children.size(), "the list's children are its rows");
    equal("item 999", ((Map<String, Object>) out.get(1001)).get("name"), "rows in order");
    equal(true, steps > 1000 / 64, "at least one step per slice of 64 rows: " + steps);
  }

  /** select and scrollIntoView by index through the list's own API. */
  public static void actionsByIndex() {
    ListView<String> list = new ListView<>(FXCollections.observableArrayList("a", "b", "c"));
    RowSet set = rows(list);
    List<String> ids = set.nameAll();
    RowActions.perform("select", new VirtualRows.Row(set, set.indexOf(ids.get(2))));
    equal(2, list.getSelectionModel().getSelectedIndex(), "the selection model holds row 2");
    try {
      RowActions.perform("expand", new VirtualRows.Row(set, 0));
      throw new AssertionError("expand on a list row must be refused");
    } catch (io.uistream.fxdebug.core.model.UiException e) {
      equal("UNSUPPORTED_TARGET_TYPE", e.details().get("reason"), "reason");
    }
  }
}

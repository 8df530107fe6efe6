package io.uistream.fxdebug.provider;

import io.uistream.fxdebug.core.capture.ScreenOffset;
import io.uistream.fxdebug.core.capture.Uids;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import javafx.scene.control.IndexedCell;

/**
 * The rows of one virtualized control as the provider reports them: one lightweight node per
 * ITEM (not per cell), children of the control's node, whether a cell shows it or not. A row's
 * uid belongs to the object it shows, so a cell recycled for another item moves the realized
 * state from one row to another instead of renaming a node; an item inserted above shifts
 * indices, not uids. Rows beyond {@value #MAX_ROWS} are not reported. FX thread only.
 */
final class RowSet {
  /** Rows reported per control: 50,000 lightweight rows stay well inside the node limit. */
  static final int MAX_ROWS = 50_000;

  final RowSource source;
  final String controlId;
  private final Uids uids;
  /** Identity, not equals: two equal strings in a list are two rows. */
  private final Map<Object, String> uidOfItem = new IdentityHashMap<>();
  /** Uids of second and later occurrences of one object in the list, by occurrence. */
  private final Map<String, List<String>> repeats = new HashMap<>();
  private List<String> ids = List.of();
  private Map<String, Integer> indexOf = Map.of();
  private Set<String> realizedSent = new HashSet<>();
  private Set<String> selectedSent = new HashSet<>();
  boolean itemsDirty;
  boolean viewDirty;
  /** Run once the control was laid out (hooks the scroll position of a newly made skin). */
  Runnable afterLayout;

  RowSet(RowSource source, String controlId, Uids uids) {
    this.source = source;
    this.controlId = controlId;
    this.uids = uids;
  }

  int size() {
    return Math.min(source.count(), MAX_ROWS);
  }

  /** Names rows {@code from} to {@code to} (exclusive) after those named so far. */
  List<String> name(int from, int to, Map<String, Integer> counts) {
    List<String> out = new ArrayList<>(to - from);
    for (int i = from; i < to; i++) out.add(uidAt(i, counts));
    return out;
  }

  private String uidAt(int i, Map<String, Integer> counts) {
    String uid = uidOfItem.computeIfAbsent(source.item(i), k -> uids.next());
    int seen = counts.merge(uid, 1, Integer::sum);
    if (seen == 1) return uid;
    List<String> more = repeats.computeIfAbsent(uid, k -> new ArrayList<>());
    while (more.size() < seen - 1) more.add(uids.next());
    return more.get(seen - 2);
  }

  /** Takes a complete naming as the current one (and drops uids of items gone). */
  void named(List<String> all) {
    ids = all;
    Map<String, Integer> index = new HashMap<>(all.size() * 2);
    for (int i = 0; i < all.size(); i++) index.put(all.get(i), i);
    indexOf = index;
    if (uidOfItem.size() > 2 * all.size() + 64) uidOfItem.values().retainAll(index.keySet());
  }

  List<String> nameAll() {
    List<String> all = name(0, size(), new HashMap<>());
    named(all);
    return all;
  }

  /** The row's current index, or -1 when no row has this uid. */
  int indexOf(String uid) {
    Integer i = indexOf.get(uid);
    if (i != null && i < size() && uid.equals(ids.get(i)) && sameItem(uid, i)) return i;
    nameAll();
    i = indexOf.get(uid);
    return i == null ? -1 : i;
  }

  private boolean sameItem(String uid, int i) {
    String first = uidOfItem.get(source.item(i));
    return uid.equals(first) || repeats.getOrDefault(first, List.of()).contains(uid);
  }

  boolean owns(String uid) {
    return indexOf.containsKey(uid);
  }

  /** The row as the provider protocol sends it; {@code view} is {@link RowSource#inView}. */
  Map<String, Object> describe(int i, String uid, int[] view) {
    IndexedCell<?> cell = view != null && i >= view[0] && i <= view[1] ? source.cell(i) : null;
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("id", uid);
    out.put("parentId", controlId);
    out.put("children", List.of());
    out.put("controlType", source.controlType());
    String text = source.text(i);
    out.put("name", text.length() > 8192 ? text.substring(0, 8192) : text);
    out.put("rect", cell == null ? null : NodeMapper.rect(ScreenOffset.screenBounds(cell)));
    List<String> states = new ArrayList<>(5);
    if (!source.control.isDisabled()) states.add("enabled");
    boolean selected = source.selection() != null && source.selection().isSelected(i);
    if (selected) states.add("selected");
    states.add("selectable");
    Boolean expanded = source.expanded(i);
    if (expanded != null) states.add(expanded ? "expanded" : "collapsed");
    if (cell == null) states.add("offscreen");
    out.put("states", states);
    out.put("patterns", expanded == null ? ROW_PATTERNS : TREE_PATTERNS);
    if (cell != null) realizedSent.add(uid);
    if (selected) selectedSent.add(uid);
    return out;
  }

  private static final List<String> ROW_PATTERNS = List.of("SelectionItem", "ScrollItem");
  private static final List<String> TREE_PATTERNS = List.of("ExpandCollapse", "SelectionItem", "ScrollItem");

  void resetSent() {
    realizedSent = new HashSet<>();
    selectedSent = new HashSet<>();
    itemsDirty = false;
    viewDirty = false;
  }

  /**
   * Brings the server's copy up to date: the control's children when its items changed, then
   * the rows whose realized or selected state may have changed (those that were or are in
   * view or selected), or every row of a tree whose items changed (expansion is a row's own).
   */
  void refresh(SentNodes sent, List<Object> upsert, List<String> remove) {
    Map<String, Object> control = sent.get(controlId);
    if (control == null) return; // the control left the tree; its rows went with it
    boolean reshaped = itemsDirty;
    itemsDirty = false;
    viewDirty = false;
    List<String> before = SentNodes.childIds(control);
    List<String> now = reshaped ? nameAll() : before;
    if (reshaped && !now.equals(before)) reparent(sent, control, before, now, upsert, remove);
    int[] view = source.inView();
    TreeSet<Integer> todo = new TreeSet<>();
    if (reshaped && source.controlType().equals("TreeItem")) for (int i = 0; i < now.size(); i++) todo.add(i);
    for (String uid : realizedSent) addIndex(todo, uid);
    for (String uid : selectedSent) addIndex(todo, uid);
    if (view != null) for (int i = view[0]; i <= view[1] && i < now.size(); i++) todo.add(i);
    if (source.selection() != null) {
      for (Integer i : source.selection().getSelectedIndices()) if (i != null && i >= 0 && i < now.size()) todo.add(i);
    }
    realizedSent = new HashSet<>();
    selectedSent = new HashSet<>();
    for (int i : todo) {
      String uid = now.get(i);
      Map<String, Object> json = describe(i, uid, view);
      if (!json.equals(sent.get(uid))) {
        sent.put(uid, json);
        upsert.add(json);
      }
    }
  }

  private void addIndex(Set<Integer> todo, String uid) {
    Integer i = indexOf.get(uid);
    if (i != null) todo.add(i);
  }

  private void reparent(SentNodes sent, Map<String, Object> control, List<String> before, List<String> now,
      List<Object> upsert, List<String> remove) {
    Map<String, Object> json = new LinkedHashMap<>(control);
    json.put("children", now);
    sent.put(controlId, json);
    upsert.add(json);
    Set<String> kept = new HashSet<>(now);
    for (String old : before) {
      if (!kept.contains(old)) {
        remove.add(old);
        sent.forget(old);
      }
    }
    Set<String> had = new HashSet<>(before);
    int[] view = source.inView();
    for (int i = 0; i < now.size(); i++) {
      String uid = now.get(i);
      if (had.contains(uid)) continue;
      Map<String, Object> row = describe(i, uid, view);
      sent.put(uid, row);
      upsert.add(row);
    }
  }
}

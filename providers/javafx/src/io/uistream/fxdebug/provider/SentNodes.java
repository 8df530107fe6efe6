package io.uistream.fxdebug.provider;

import io.uistream.fxdebug.core.capture.Children;
import io.uistream.fxdebug.core.capture.Uids;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import javafx.scene.Node;

/**
 * What the server holds of the app, node by node (the JSON last sent under each id), and how a
 * node is reported again when it changed. FX thread only.
 */
final class SentNodes {
  private final Map<String, Map<String, Object>> sent = new HashMap<>();
  private final Uids uids;
  private final FxTaskStats stats;
  private final Consumer<Node> watch;
  /** The rows of virtualized controls, reported as the controls' children; null: none. */
  private final VirtualRows rows;

  SentNodes(Uids uids, FxTaskStats stats, Consumer<Node> watch) {
    this(uids, stats, watch, null);
  }

  SentNodes(Uids uids, FxTaskStats stats, Consumer<Node> watch, VirtualRows rows) {
    this.uids = uids;
    this.stats = stats;
    this.watch = watch;
    this.rows = rows;
  }

  /** Whether the node's children are rows this class does not walk (see VirtualRows). */
  private boolean rowsOf(Node n) {
    return rows != null && VirtualRows.handles(n);
  }

  Map<String, Object> get(String id) {
    return sent.get(id);
  }

  void put(String id, Map<String, Object> json) {
    sent.put(id, json);
  }

  boolean containsKey(String id) {
    return sent.containsKey(id);
  }

  void clear() {
    sent.clear();
    if (rows != null) rows.resetSent();
  }

  void describeSubtree(Node n, String parentId, List<Object> out) {
    SubtreeWalk walk = walkInto(out);
    walk.add(n, parentId);
    walk.finish();
  }

  /** A walk that reports each node as sent and collects its JSON into {@code out}. */
  SubtreeWalk walkInto(List<Object> out) {
    SubtreeWalk[] walk = {null};
    walk[0] = new SubtreeWalk(uids::of, watch, (n, id, parentId, children) -> {
      stats.described();
      Map<String, Object> json = NodeMapper.node(n, id, parentId, children);
      sent.put(id, json);
      out.add(json);
      // The rows fill the control's children list (the same list object) as the walk goes on.
      if (rowsOf(n)) walk[0].then(rows.describe(n, id, children, this, out));
    });
    return walk[0];
  }

  void forgetRemovedChildren(Node n, List<String> remove) {
    Map<String, Object> prev = sent.get(uids.of(n));
    if (prev == null || rowsOf(n)) return;
    Set<String> now = new LinkedHashSet<>();
    for (Node k : Children.of(n, false)) now.add(uids.of(k));
    for (String old : childIds(prev)) {
      if (!now.contains(old)) {
        remove.add(old);
        forget(old);
      }
    }
  }

  /** Reports the node again if it changed; the children ids are read again only if reshaped. */
  void redescribe(Node n, List<Object> upsert, boolean reshapedNode) {
    String id = uids.of(n);
    Map<String, Object> prev = sent.get(id);
    if (prev == null) return; // not reported yet: its parent's change adds it
    if (rowsOf(n)) {
      reshapedNode = false; // its skin's children are not its rows: those are VirtualRows'
      rows.viewChanged(n);
    }
    stats.described();
    List<Node> kids = reshapedNode ? Children.of(n, false) : List.of();
    List<String> ids = reshapedNode ? new ArrayList<>(kids.size()) : childIds(prev);
    for (Node k : kids) ids.add(uids.of(k));
    Map<String, Object> json = NodeMapper.node(n, id, (String) prev.get("parentId"), ids);
    if (!json.equals(prev)) {
      sent.put(id, json);
      upsert.add(json);
    }
    for (Node k : kids) if (!sent.containsKey(uids.of(k))) describeSubtree(k, id, upsert);
  }

  void forget(String id) {
    Map<String, Object> prev = sent.remove(id);
    if (prev != null) for (String c : childIds(prev)) forget(c);
  }

  @SuppressWarnings("unchecked")
  static List<String> childIds(Map<String, Object> json) {
    return (List<String>) json.get("children");
  }
}

package io.uistream.fxdebug.provider;

import io.uistream.fxdebug.core.capture.Children;
import io.uistream.fxdebug.core.capture.Stages;
import io.uistream.fxdebug.core.capture.Uids;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;
import javafx.application.Platform;
import javafx.beans.InvalidationListener;
import javafx.beans.Observable;
import javafx.collections.ListChangeListener;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.stage.Window;

/**
 * Keeps a uistream server's copy of the scene graph in step: listeners on what a user sees
 * (children, text, visibility, state, bounds, the window list) mark nodes dirty, and one flush
 * per FX pulse sends what changed as a numbered delta. Nothing is walked on a timer. FX thread.
 */
final class SceneWatcher {
  private static final String WATCHED = "mcp.provider.watched";
  private static final String WINDOW_UID = "mcp.uid";
  /** Work per snapshot chunk: well inside the 5 ms the app may lose to the library at once. */
  private static final long CHUNK_BUDGET_NANOS = 2_000_000;
  private static final int FLUSH_BATCH = 64;

  private final Uids uids;
  private final FxTaskStats stats = new FxTaskStats();
  private final Consumer<Map<String, Object>> send;
  private final Map<String, Map<String, Object>> sent = new HashMap<>();
  private final Set<Node> dirty = Collections.newSetFromMap(new java.util.IdentityHashMap<>());
  private final Set<Window> dirtyWindows = Collections.newSetFromMap(new java.util.IdentityHashMap<>());
  private List<String> windowsSent = List.of();
  private String focusSent;
  private boolean subscribed;
  private boolean flushQueued;
  private boolean windowListDirty;
  private long seq;
  private long windowCounter;
  private SnapshotInProgress building;

  private record Pending(Node node, String parentId) {}

  /** A snapshot being described chunk by chunk; sent whole once its last node is done. */
  private static final class SnapshotInProgress {
    final List<Object> nodes = new ArrayList<>();
    final List<String> windows = new ArrayList<>();
    final ArrayDeque<Pending> todo = new ArrayDeque<>();
  }

  SceneWatcher(Uids uids, Consumer<Map<String, Object>> send) {
    this.uids = uids;
    this.send = send;
    Window.getWindows().addListener((ListChangeListener<Window>) c -> {
      windowListDirty = true;
      queueFlush();
    });
  }

  /** The server asked for everything: send a snapshot, then deltas from here on. */
  void snapshot() {
    stats.time(this::startSnapshot, true);
  }

  /** The connection ended: stop sending until the next subscribe. */
  void unsubscribe() {
    subscribed = false;
    building = null;
  }

  FxTaskStats stats() {
    return stats;
  }

  private void startSnapshot() {
    sent.clear();
    dirty.clear();
    dirtyWindows.clear();
    windowListDirty = false;
    seq = 0;
    subscribed = true;
    SnapshotInProgress snap = new SnapshotInProgress();
    building = snap;
    for (Window w : Stages.showing(true)) snap.windows.add(describeWindowOnly(w, snap.nodes, snap.todo));
    windowsSent = snap.windows;
    continueSnapshot(snap);
  }

  /**
   * Describes nodes until the chunk's time budget is spent, then yields the FX thread and goes
   * on in a later runLater, so a large scene never stalls the app's pulse in one go. Changes
   * meanwhile only mark nodes dirty; the flush after the snapshot sends them.
   */
  private void continueSnapshot(SnapshotInProgress snap) {
    if (building != snap) return; // superseded by a resync, or the connection ended
    long deadline = System.nanoTime() + CHUNK_BUDGET_NANOS;
    while (!snap.todo.isEmpty()) {
      if (System.nanoTime() > deadline) {
        Platform.runLater(() -> stats.time(() -> continueSnapshot(snap), true));
        return;
      }
      describeNext(snap.todo, snap.nodes);
    }
    building = null;
    focusSent = focusId();
    Map<String, Object> msg = new LinkedHashMap<>();
    msg.put("type", "snapshot");
    msg.put("seq", 0);
    msg.put("windows", snap.windows);
    msg.put("nodes", snap.nodes);
    msg.put("focus", focusSent);
    send.accept(msg);
    if (windowListDirty || !dirty.isEmpty() || !dirtyWindows.isEmpty()) queueFlush();
  }

  private void queueFlush() {
    if (!subscribed || flushQueued) return;
    flushQueued = true;
    Platform.runLater(() -> stats.time(this::flush, false));
  }

  private void flush() {
    flushQueued = false;
    if (!subscribed || building != null) return; // the snapshot's end flushes what is dirty
    List<Object> upsert = new ArrayList<>();
    List<String> remove = new ArrayList<>();
    List<String> windows = windowListDirty ? flushWindows(upsert, remove) : null;
    for (Window w : List.copyOf(dirtyWindows)) redescribeWindow(w, upsert);
    dirtyWindows.clear();
    // Batches within a time budget: a moved window marks every node, and that must not stall
    // the pulse; what is left waits for the next flush. Removals go before additions in a
    // batch so a node moved between parents is described again.
    long deadline = System.nanoTime() + CHUNK_BUDGET_NANOS;
    while (!dirty.isEmpty() && System.nanoTime() < deadline) {
      List<Node> batch = takeDirty();
      for (Node n : batch) forgetRemovedChildren(n, remove);
      for (Node n : batch) redescribe(n, upsert);
    }
    if (!dirty.isEmpty()) queueFlush();
    String focus = focusId();
    boolean focusChanged = !Objects.equals(focus, focusSent);
    if (upsert.isEmpty() && remove.isEmpty() && windows == null && !focusChanged) return;
    Map<String, Object> msg = new LinkedHashMap<>();
    msg.put("type", "delta");
    msg.put("seq", ++seq);
    msg.put("upsert", upsert);
    msg.put("remove", remove);
    if (windows != null) msg.put("windows", windows);
    if (focusChanged) msg.put("focus", focus);
    focusSent = focus;
    send.accept(msg);
  }

  private List<Node> takeDirty() {
    List<Node> batch = new ArrayList<>(FLUSH_BATCH);
    for (Iterator<Node> it = dirty.iterator(); it.hasNext() && batch.size() < FLUSH_BATCH; ) {
      batch.add(it.next());
      it.remove();
    }
    return batch;
  }

  private List<String> flushWindows(List<Object> upsert, List<String> remove) {
    windowListDirty = false;
    List<String> now = new ArrayList<>();
    for (Window w : Stages.showing(true)) {
      String id = windowId(w);
      now.add(id);
      if (!sent.containsKey(id)) describeWindow(w, upsert);
    }
    for (String id : windowsSent) {
      if (!now.contains(id)) {
        remove.add(id);
        forget(id);
      }
    }
    if (now.equals(windowsSent)) return null;
    windowsSent = now;
    return now;
  }

  private String describeWindow(Window w, List<Object> out) {
    ArrayDeque<Pending> todo = new ArrayDeque<>();
    String id = describeWindowOnly(w, out, todo);
    while (!todo.isEmpty()) describeNext(todo, out);
    return id;
  }

  /** The window itself; its scene's root goes on {@code todo}. */
  private String describeWindowOnly(Window w, List<Object> out, ArrayDeque<Pending> todo) {
    String id = windowId(w);
    watchWindow(w);
    Scene scene = w.getScene();
    Node root = scene == null ? null : scene.getRoot();
    List<String> children = root == null ? List.of() : List.of(uids.of(root));
    Map<String, Object> json = NodeMapper.window(w, id, children);
    sent.put(id, json);
    out.add(json);
    if (root != null) todo.push(new Pending(root, id));
    return id;
  }

  private void redescribeWindow(Window w, List<Object> upsert) {
    String id = windowId(w);
    Map<String, Object> prev = sent.get(id);
    if (prev == null) return;
    Map<String, Object> json = NodeMapper.window(w, id, childIds(prev));
    if (!json.equals(prev)) {
      sent.put(id, json);
      upsert.add(json);
    }
    // A moved window moves every node's screen rectangle.
    if (w.getScene() != null && w.getScene().getRoot() != null) markSubtree(w.getScene().getRoot());
  }

  private void markSubtree(Node n) {
    dirty.add(n);
    for (Node c : Children.of(n, false)) markSubtree(c);
  }

  private void describeSubtree(Node n, String parentId, List<Object> out) {
    ArrayDeque<Pending> todo = new ArrayDeque<>();
    todo.push(new Pending(n, parentId));
    while (!todo.isEmpty()) describeNext(todo, out);
  }

  /** Describes one node and queues its children, in document order (depth first). */
  private void describeNext(ArrayDeque<Pending> todo, List<Object> out) {
    Pending next = todo.pop();
    Node n = next.node();
    watch(n);
    List<Node> kids = Children.of(n, false);
    List<String> ids = new ArrayList<>(kids.size());
    for (Node k : kids) ids.add(uids.of(k));
    String id = uids.of(n);
    Map<String, Object> json = NodeMapper.node(n, id, next.parentId(), ids);
    sent.put(id, json);
    out.add(json);
    for (int i = kids.size() - 1; i >= 0; i--) todo.push(new Pending(kids.get(i), id));
  }

  private void forgetRemovedChildren(Node n, List<String> remove) {
    Map<String, Object> prev = sent.get(uids.of(n));
    if (prev == null) return;
    Set<String> now = new LinkedHashSet<>();
    for (Node k : Children.of(n, false)) now.add(uids.of(k));
    for (String old : childIds(prev)) {
      if (!now.contains(old)) {
        remove.add(old);
        forget(old);
      }
    }
  }

  private void redescribe(Node n, List<Object> upsert) {
    String id = uids.of(n);
    Map<String, Object> prev = sent.get(id);
    if (prev == null) return; // not reported yet: its parent's change adds it
    List<Node> kids = Children.of(n, false);
    List<String> ids = new ArrayList<>(kids.size());
    for (Node k : kids) ids.add(uids.of(k));
    Map<String, Object> json = NodeMapper.node(n, id, (String) prev.get("parentId"), ids);
    if (!json.equals(prev)) {
      sent.put(id, json);
      upsert.add(json);
    }
    for (Node k : kids) if (!sent.containsKey(uids.of(k))) describeSubtree(k, id, upsert);
  }

  private void forget(String id) {
    Map<String, Object> prev = sent.remove(id);
    if (prev != null) for (String c : childIds(prev)) forget(c);
  }

  @SuppressWarnings("unchecked")
  private static List<String> childIds(Map<String, Object> json) {
    return (List<String>) json.get("children");
  }

  private String focusId() {
    for (Window w : Window.getWindows()) {
      if (!w.isFocused() || w.getScene() == null) continue;
      Node owner = w.getScene().getFocusOwner();
      if (owner != null && sent.containsKey(uids.of(owner))) return uids.of(owner);
    }
    return null;
  }

  private String windowId(Window w) {
    Object id = w.getProperties().get(WINDOW_UID);
    if (id instanceof String s) return s;
    String made = "w-" + Long.toString(++windowCounter, 36);
    w.getProperties().put(WINDOW_UID, made);
    return made;
  }

  private void watchWindow(Window w) {
    if (w.getProperties().putIfAbsent(WATCHED, Boolean.TRUE) != null) return;
    InvalidationListener l = o -> {
      dirtyWindows.add(w);
      queueFlush();
    };
    w.xProperty().addListener(l);
    w.yProperty().addListener(l);
    w.widthProperty().addListener(l);
    w.heightProperty().addListener(l);
    w.focusedProperty().addListener(l);
    if (w instanceof javafx.stage.Stage s) s.titleProperty().addListener(l);
  }

  /** Listeners on what the protocol reports of a node; each node is watched once. */
  private void watch(Node n) {
    if (n.getProperties().putIfAbsent(WATCHED, Boolean.TRUE) != null) return;
    InvalidationListener l = o -> {
      dirty.add(n);
      queueFlush();
    };
    for (Observable o : Watched.of(n)) o.addListener(l);
  }
}

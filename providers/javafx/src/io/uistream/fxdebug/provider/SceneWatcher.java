package io.uistream.fxdebug.provider;

import io.uistream.fxdebug.core.capture.Children;
import io.uistream.fxdebug.core.capture.Stages;
import io.uistream.fxdebug.core.capture.Uids;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
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
  /** Work per snapshot chunk: well inside the 5 ms the app may lose to the library at once. */
  private static final long CHUNK_BUDGET_NANOS = 1_000_000;
  /**
   * Work per chunk of the initial walk: half the 5 ms the app may lose at once (a step may run
   * a little past it). Each chunk waits behind whatever the FX thread has queued, so 1 ms
   * chunks made a 10,000-node walk some 90 tasks, most of its wall time spent between them.
   */
  private static final long SNAPSHOT_CHUNK_NANOS = 2_500_000;
  private static final int FLUSH_BATCH = 16;
  /**
   * Nodes per snapshot part: the server takes each part in while the walk goes on, and the
   * sender thread serialises it meanwhile. Large enough that a 10,000-node scene is a dozen
   * messages, not one per chunk.
   */
  private static final int PART_NODES = 1_000;

  private final Uids uids;
  private final FxTaskStats stats = new FxTaskStats();
  private final Consumer<Map<String, Object>> send;
  private final WindowWatch windowWatch = new WindowWatch(this::windowChanged);
  private final SentNodes sent;
  private final VirtualRows rows;
  private final Set<Node> dirty = Collections.newSetFromMap(new java.util.IdentityHashMap<>());
  /** Dirty nodes whose children list changed; the others keep the children ids sent. */
  private final Set<Node> reshaped = Collections.newSetFromMap(new java.util.IdentityHashMap<>());
  /** Subtrees of a moved window still to mark dirty (their screen rectangles moved). */
  private final ArrayDeque<Node> toMark = new ArrayDeque<>();
  private final Set<Window> dirtyWindows = Collections.newSetFromMap(new java.util.IdentityHashMap<>());
  private List<String> windowsSent = List.of();
  private String focusSent;
  private boolean subscribed;
  private final FlushTrigger flushes = new FlushTrigger(() -> stats.time(this::flush, false));
  private boolean windowListDirty;
  private long seq;
  private SnapshotInProgress building;

  /**
   * A snapshot being described chunk by chunk; its nodes go out in parts as they pile up, the
   * rest with the snapshot message once its last node is done.
   */
  private final class SnapshotInProgress {
    final List<Object> nodes = new ArrayList<>();
    final List<String> windows = new ArrayList<>();
    final SubtreeWalk walk = sent.walkInto(nodes);
    int parts;

    /** Hands the nodes described so far to the sender as the next part. */
    void sendPart() {
      Map<String, Object> msg = new LinkedHashMap<>();
      msg.put("type", "snapshotPart");
      msg.put("seq", 0);
      msg.put("part", parts++);
      // A copy of the references only: the node maps themselves are never changed once made.
      msg.put("nodes", new ArrayList<>(nodes));
      nodes.clear();
      send.accept(msg);
    }
  }

  /** {@code live}: listen to the app's window list (false only for {@link #warmUp}). */
  SceneWatcher(Uids uids, Consumer<Map<String, Object>> send, boolean live) {
    this.uids = uids;
    this.send = send;
    this.rows = new VirtualRows(uids);
    this.sent = new SentNodes(uids, stats, this::watch, rows);
    rows.onChange(this::queueFlush);
    if (!live) return;
    Window.getWindows().addListener((ListChangeListener<Window>) c -> {
      windowListDirty = true;
      queueFlush();
    });
  }

  /**
   * Runs the describing code once on a detached sample, off the FX thread (see
   * {@link DescribeWarmup}): its classes load and its lambdas bootstrap here, not inside the
   * first snapshot chunk. The watcher must be one made for this ({@code live} false).
   */
  void warmUp(Node sample) {
    List<Object> out = new ArrayList<>();
    sent.describeSubtree(sample, "w-0", out);
    List<String> remove = new ArrayList<>();
    sent.forgetRemovedChildren(sample, remove);
    sent.redescribe(sample, out, true);
    takeDirty();
  }

  private void windowChanged(Window w) {
    dirtyWindows.add(w);
    queueFlush();
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

  /** The rows of the virtualized controls reported (for actions on rows). */
  VirtualRows rows() {
    return rows;
  }

  private void startSnapshot() {
    stats.snapshotStarted();
    sent.clear();
    dirty.clear();
    reshaped.clear();
    toMark.clear();
    dirtyWindows.clear();
    windowListDirty = false;
    seq = 0;
    subscribed = true;
    SnapshotInProgress snap = new SnapshotInProgress();
    building = snap;
    for (Window w : Stages.showing(true)) snap.windows.add(describeWindowOnly(w, snap.nodes, snap.walk));
    windowsSent = snap.windows;
    // The walk starts in a task of its own: this one already did the windows.
    Platform.runLater(() -> stats.time(() -> continueSnapshot(snap), true));
  }

  /**
   * Describes nodes until the chunk's time budget is spent, then yields the FX thread and goes
   * on in a later runLater, so a large scene never stalls the app's pulse in one go. Changes
   * meanwhile only mark nodes dirty; the flush after the snapshot sends them.
   */
  private void continueSnapshot(SnapshotInProgress snap) {
    if (building != snap) return; // superseded by a resync, or the connection ended
    long deadline = System.nanoTime() + SNAPSHOT_CHUNK_NANOS;
    while (!snap.walk.done()) {
      if (System.nanoTime() > deadline) {
        // Not while a control's rows still fill its children list: it would go out half done.
        if (snap.nodes.size() >= PART_NODES && snap.walk.settled()) snap.sendPart();
        Platform.runLater(() -> stats.time(() -> continueSnapshot(snap), true));
        return;
      }
      snap.walk.step();
    }
    building = null;
    focusSent = focusId();
    Map<String, Object> msg = new LinkedHashMap<>();
    msg.put("type", "snapshot");
    msg.put("seq", 0);
    msg.put("windows", snap.windows);
    msg.put("nodes", snap.nodes);
    msg.put("focus", focusSent);
    if (snap.parts > 0) msg.put("parts", snap.parts);
    send.accept(msg);
    if (windowListDirty || !dirty.isEmpty() || !dirtyWindows.isEmpty() || !toMark.isEmpty() || rows.hasDirty()) queueFlush();
  }

  private void queueFlush() {
    if (subscribed) flushes.request();
  }

  private void flush() {
    flushes.taken();
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
    while (!toMark.isEmpty() && System.nanoTime() < deadline) markNext();
    while (!dirty.isEmpty() && System.nanoTime() < deadline) {
      List<Node> batch = takeDirty();
      List<Node> reshapedInBatch = new ArrayList<>();
      for (Node n : batch) if (reshaped.remove(n)) reshapedInBatch.add(n);
      for (Node n : reshapedInBatch) sent.forgetRemovedChildren(n, remove);
      for (Node n : batch) sent.redescribe(n, upsert, reshapedInBatch.contains(n));
    }
    if (!dirty.isEmpty() || !toMark.isEmpty()) queueFlush();
    else rows.flush(sent, upsert, remove); // after the nodes: a control new in this flush is sent
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
      String id = windowWatch.idOf(w);
      now.add(id);
      if (!sent.containsKey(id)) describeWindow(w, upsert);
    }
    for (String id : windowsSent) {
      if (!now.contains(id)) {
        remove.add(id);
        sent.forget(id);
      }
    }
    if (now.equals(windowsSent)) return null;
    windowsSent = now;
    return now;
  }

  private String describeWindow(Window w, List<Object> out) {
    SubtreeWalk walk = sent.walkInto(out);
    String id = describeWindowOnly(w, out, walk);
    walk.finish();
    return id;
  }

  /** The window itself; its scene's root goes on {@code walk}. */
  private String describeWindowOnly(Window w, List<Object> out, SubtreeWalk walk) {
    String id = windowWatch.idOf(w);
    windowWatch.watch(w);
    Scene scene = w.getScene();
    flushes.hook(scene);
    Node root = scene == null ? null : scene.getRoot();
    List<String> children = root == null ? List.of() : List.of(uids.of(root));
    Map<String, Object> json = NodeMapper.window(w, id, children);
    sent.put(id, json);
    out.add(json);
    if (root != null) walk.add(root, id);
    return id;
  }

  private void redescribeWindow(Window w, List<Object> upsert) {
    String id = windowWatch.idOf(w);
    Map<String, Object> prev = sent.get(id);
    if (prev == null) return;
    Map<String, Object> json = NodeMapper.window(w, id, SentNodes.childIds(prev));
    if (!json.equals(prev)) {
      sent.put(id, json);
      upsert.add(json);
    }
    // A moved window moves every node's screen rectangle: mark them, a slice per flush.
    boolean moved = !Objects.equals(json.get("rect"), prev.get("rect"));
    if (moved && w.getScene() != null && w.getScene().getRoot() != null) toMark.push(w.getScene().getRoot());
  }

  private void markNext() {
    Node n = toMark.pop();
    dirty.add(n);
    for (Node c : Children.of(n, false)) toMark.push(c);
  }

  private String focusId() {
    for (Window w : Window.getWindows()) {
      if (!w.isFocused() || w.getScene() == null) continue;
      Node owner = w.getScene().getFocusOwner();
      if (owner != null && sent.containsKey(uids.of(owner))) return uids.of(owner);
    }
    return null;
  }

  /** Listeners on what the protocol reports of a node; each node is watched once. */
  private void watch(Node n) {
    if (n.getProperties().putIfAbsent(WATCHED, Boolean.TRUE) != null) return;
    InvalidationListener l = o -> {
      dirty.add(n);
      queueFlush();
    };
    InvalidationListener reshape = o -> {
      reshaped.add(n);
      dirty.add(n);
      queueFlush();
    };
    for (Observable o : Watched.of(n)) o.addListener(l);
    for (Observable o : Watched.structure(n)) o.addListener(reshape);
  }
}

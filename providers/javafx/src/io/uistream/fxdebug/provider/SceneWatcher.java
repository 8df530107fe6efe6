package io.uistream.fxdebug.provider;

import io.uistream.fxdebug.core.capture.Children;
import io.uistream.fxdebug.core.capture.Stages;
import io.uistream.fxdebug.core.capture.Uids;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
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
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.*;
import javafx.stage.Window;

/**
 * Keeps a uistream server's copy of the scene graph in step: listeners on what a user sees
 * (children, text, visibility, state, bounds, the window list) mark nodes dirty, and one flush
 * per FX pulse sends what changed as a numbered delta. Nothing is walked on a timer. FX thread.
 */
final class SceneWatcher {
  private static final String WATCHED = "mcp.provider.watched";
  private static final String WINDOW_UID = "mcp.uid";

  private final Uids uids;
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
    sent.clear();
    dirty.clear();
    dirtyWindows.clear();
    List<Object> nodes = new ArrayList<>();
    List<String> windows = new ArrayList<>();
    for (Window w : Stages.showing(true)) {
      windows.add(describeWindow(w, nodes));
    }
    windowsSent = windows;
    focusSent = focusId();
    seq = 0;
    subscribed = true;
    Map<String, Object> msg = new LinkedHashMap<>();
    msg.put("type", "snapshot");
    msg.put("seq", 0);
    msg.put("windows", windows);
    msg.put("nodes", nodes);
    msg.put("focus", focusSent);
    send.accept(msg);
  }

  /** The connection ended: stop sending until the next subscribe. */
  void unsubscribe() {
    subscribed = false;
  }

  private void queueFlush() {
    if (!subscribed || flushQueued) return;
    flushQueued = true;
    Platform.runLater(this::flush);
  }

  private void flush() {
    flushQueued = false;
    if (!subscribed) return;
    List<Object> upsert = new ArrayList<>();
    List<String> remove = new ArrayList<>();
    List<String> windows = windowListDirty ? flushWindows(upsert, remove) : null;
    for (Window w : List.copyOf(dirtyWindows)) redescribeWindow(w, upsert);
    dirtyWindows.clear();
    List<Node> nodes = List.copyOf(dirty);
    dirty.clear();
    for (Node n : nodes) forgetRemovedChildren(n, remove);
    for (Node n : nodes) redescribe(n, upsert);
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
    String id = windowId(w);
    watchWindow(w);
    Scene scene = w.getScene();
    Node root = scene == null ? null : scene.getRoot();
    List<String> children = root == null ? List.of() : List.of(uids.of(root));
    Map<String, Object> json = NodeMapper.window(w, id, children);
    sent.put(id, json);
    out.add(json);
    if (root != null) describeSubtree(root, id, out);
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
    watch(n);
    List<Node> kids = Children.of(n, false);
    List<String> ids = new ArrayList<>(kids.size());
    for (Node k : kids) ids.add(uids.of(k));
    String id = uids.of(n);
    Map<String, Object> json = NodeMapper.node(n, id, parentId, ids);
    sent.put(id, json);
    out.add(json);
    for (Node k : kids) describeSubtree(k, id, out);
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
    List<Observable> watched = new ArrayList<>(List.of(
        n.visibleProperty(), n.disabledProperty(), n.focusedProperty(), n.boundsInParentProperty()));
    if (n instanceof Parent p) watched.add(p.getChildrenUnmodifiable());
    if (n instanceof Labeled lb) watched.add(lb.textProperty());
    if (n instanceof TextInputControl t) watched.add(t.textProperty());
    if (n instanceof javafx.scene.text.Text t) watched.add(t.textProperty());
    if (n instanceof CheckBox c) watched.addAll(List.of(c.selectedProperty(), c.indeterminateProperty()));
    if (n instanceof ToggleButton t) watched.add(t.selectedProperty());
    if (n instanceof Slider s) watched.add(s.valueProperty());
    if (n instanceof ScrollPane sp) watched.add(sp.contentProperty());
    if (n instanceof TitledPane tp) watched.addAll(List.of(tp.contentProperty(), tp.expandedProperty()));
    if (n instanceof TabPane tabs) watched.add(tabs.getSelectionModel().selectedItemProperty());
    if (n instanceof SplitPane sp) watched.add(sp.getItems());
    if (n instanceof ToolBar tb) watched.add(tb.getItems());
    if (n instanceof ComboBoxBase<?> cb) watched.add(cb.valueProperty());
    for (Observable o : watched) o.addListener(l);
  }
}

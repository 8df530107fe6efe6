package io.uistream.fxdebug.provider;

import io.uistream.fxdebug.core.capture.Uids;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.function.BooleanSupplier;
import javafx.application.Platform;
import javafx.beans.InvalidationListener;
import javafx.beans.Observable;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.skin.VirtualFlow;

/**
 * The virtualized controls of the scene and their rows ({@link RowSet}): described with the
 * control, in slices a snapshot chunk can stop between; kept current by listeners on the
 * control's items, selection and scroll position, refreshed once the pulse has laid the cells
 * out (only then do the cells say which rows are in view). FX thread only.
 */
final class VirtualRows {
  private static final String KEY = "mcp.provider.rows";
  /** Rows named and described per walk step: about 0.1 ms of work. */
  private static final int SLICE = 64;

  /** Where a row is: its control's rows and its index there. */
  record Row(RowSet set, int index) {}

  private final Uids uids;
  private final List<WeakReference<RowSet>> all = new ArrayList<>();
  private final Set<RowSet> dirty = Collections.newSetFromMap(new IdentityHashMap<>());
  private final Set<Scene> waitingForLayout = Collections.newSetFromMap(new IdentityHashMap<>());
  private final Map<Scene, Boolean> hookedScenes = new WeakHashMap<>();
  private Runnable requestFlush = () -> {};

  VirtualRows(Uids uids) {
    this.uids = uids;
  }

  void onChange(Runnable requestFlush) {
    this.requestFlush = requestFlush;
  }

  static boolean handles(Node n) {
    return n instanceof javafx.scene.control.ListView
        || n instanceof javafx.scene.control.TableView
        || n instanceof javafx.scene.control.TreeView;
  }

  /**
   * Steps that report the rows of {@code n} (a control {@link #handles}) into its children
   * list and {@code out}, a slice per call; each answers true once the last row is done.
   */
  BooleanSupplier describe(Node n, String id, List<String> children, SentNodes sent, List<Object> out) {
    RowSet set = setOf(n, id);
    set.resetSent();
    dirty.remove(set);
    int size = set.size();
    Map<String, Integer> counts = new HashMap<>();
    List<String> named = new ArrayList<>(size);
    int[] next = {0};
    return () -> {
      int from = next[0];
      int to = Math.min(size, from + SLICE);
      int[] view = set.source.inView();
      List<String> slice = set.name(from, to, counts);
      for (int i = from; i < to; i++) {
        String uid = slice.get(i - from);
        Map<String, Object> row = set.describe(i, uid, view);
        sent.put(uid, row);
        out.add(row);
      }
      named.addAll(slice);
      children.addAll(slice);
      next[0] = to;
      if (to < size) return false;
      set.named(named);
      return true;
    };
  }

  /** The control moved or changed: its rows' rectangles may have too. */
  void viewChanged(Node n) {
    if (n.getProperties().get(KEY) instanceof RowSet set) mark(set, false);
  }

  boolean hasDirty() {
    return !dirty.isEmpty();
  }

  /** Reports what changed in the rows of every control marked since the last flush. */
  void flush(SentNodes sent, List<Object> upsert, List<String> remove) {
    for (Iterator<RowSet> it = dirty.iterator(); it.hasNext(); ) {
      RowSet set = it.next();
      it.remove();
      set.refresh(sent, upsert, remove);
    }
  }

  /** A snapshot starts: every control's rows are described anew with it. */
  void resetSent() {
    dirty.clear();
  }

  /** The row with this uid, or null when no virtualized control has it. */
  Row find(String uid) {
    for (Iterator<WeakReference<RowSet>> it = all.iterator(); it.hasNext(); ) {
      RowSet set = it.next().get();
      if (set == null) {
        it.remove();
        continue;
      }
      if (!set.owns(uid)) continue;
      int index = set.indexOf(uid);
      if (index >= 0) return new Row(set, index);
    }
    return null;
  }

  private RowSet setOf(Node n, String id) {
    if (n.getProperties().get(KEY) instanceof RowSet set) return set;
    RowSet set = new RowSet(RowSource.of(n), id, uids);
    // Kept in the control's own properties: the set lives exactly as long as the control.
    n.getProperties().put(KEY, set);
    all.add(new WeakReference<>(set));
    listen(set);
    return set;
  }

  private void listen(RowSet set) {
    RowSource source = set.source;
    Observable[] contents = {null};
    InvalidationListener items = o -> mark(set, true);
    Runnable hookContents = () -> {
      Observable now = source.contents();
      if (now == contents[0]) return;
      if (contents[0] != null) contents[0].removeListener(items);
      contents[0] = now;
      if (now != null) now.addListener(items);
    };
    hookContents.run();
    for (Observable o : source.itemsObservables()) {
      o.addListener(x -> {
        hookContents.run();
        mark(set, true);
      });
    }
    if (source.selection() != null) source.selection().getSelectedIndices().addListener((Observable o) -> mark(set, false));
    InvalidationListener view = o -> mark(set, false);
    source.control.heightProperty().addListener(view);
    source.control.visibleProperty().addListener(view);
    source.control.disabledProperty().addListener(view);
    Object[] flow = {null};
    Runnable hookFlow = () -> {
      VirtualFlow<?> now = source.flow();
      if (now == null || now == flow[0]) return;
      flow[0] = now;
      now.positionProperty().addListener(view);
    };
    hookFlow.run();
    source.control.skinProperty().addListener(o -> {
      hookFlow.run();
      mark(set, false);
    });
    set.afterLayout = hookFlow;
  }

  private void mark(RowSet set, boolean items) {
    if (items) set.itemsDirty = true;
    else set.viewDirty = true;
    dirty.add(set);
    Scene scene = set.source.control.getScene();
    if (scene == null) {
      requestFlush.run();
      return;
    }
    if (!waitingForLayout.add(scene)) return;
    // Cells show their rows only after the pulse's layout: refresh then, once per pulse. One
    // listener per scene for good (a listener that removes itself mid-pulse is not safe).
    if (hookedScenes.put(scene, Boolean.TRUE) == null) scene.addPostLayoutPulseListener(() -> laidOut(scene));
    Platform.requestNextPulse();
  }

  private void laidOut(Scene scene) {
    if (!waitingForLayout.remove(scene)) return;
    for (RowSet s : dirty) if (s.afterLayout != null) s.afterLayout.run();
    requestFlush.run();
  }
}

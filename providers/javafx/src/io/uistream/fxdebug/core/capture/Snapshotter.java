package io.uistream.fxdebug.core.capture;

import io.uistream.fxdebug.SnapshotOptions;
import io.uistream.fxdebug.core.model.UiNode;
import io.uistream.fxdebug.core.model.UiSnapshot;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.stage.Window;

/**
 * Builds snapshots (section 7): a depth-first walk from each selected window's scene root, in
 * the order JavaFX returns children. FX thread only.
 */
public final class Snapshotter {
  /** Paths through control internals carry this prefix, so resolving them walks the same way. */
  public static final String INTERNALS_PREFIX = "i:";

  private final Uids uids;

  public Snapshotter(Uids uids) {
    this.uids = uids;
  }

  public UiSnapshot snapshot(String stageMode, String mode, SnapshotOptions options) {
    UiSnapshot snapshot = new UiSnapshot(mode);
    for (Window w : Stages.select(stageMode)) {
      UiSnapshot.StageInfo info = new UiSnapshot.StageInfo();
      info.index = Stages.indexOf(w);
      info.title = Stages.title(w);
      info.windowType = windowType(w);
      info.focused = w.isFocused();
      info.bounds = windowBounds(w);
      Scene scene = w.getScene();
      String prefix = (options.includeControlInternals() ? INTERNALS_PREFIX : "") + info.index;
      info.root = scene.getRoot() == null ? null : node(scene.getRoot(), prefix, 0, options);
      snapshot.stages.add(info);
    }
    return snapshot;
  }

  /** One node and its subtree down to {@code options.depth()} levels below the window root. */
  public UiNode node(Node node, String path, int depth, SnapshotOptions options) {
    UiNode out = describe(node, path, options);
    List<Node> children = Children.of(node, options.includeControlInternals());
    if (depth >= options.depth()) {
      out.childrenOmitted = children.size();
      return out;
    }
    for (int i = 0; i < children.size(); i++) {
      out.children.add(node(children.get(i), path + "/" + i, depth + 1, options));
    }
    return out;
  }

  /** The node's own fields, without children. */
  public UiNode describe(Node node, String path, SnapshotOptions options) {
    UiNode out = new UiNode();
    out.path = path;
    out.uid = uids.of(node);
    out.type = Describe.type(node);
    out.id = node.getId();
    out.styleClass = List.copyOf(node.getStyleClass());
    out.visible = node.isVisible();
    out.managed = node.isManaged();
    out.disabled = node.isDisabled();
    out.focused = node.isFocused();
    out.text = Describe.text(node);
    if (options.includeBounds()) {
      out.boundsInScene = Describe.rect(node.localToScene(node.getBoundsInLocal()));
    }
    if (options.includeLocalToScreen()) {
      out.boundsOnScreen = Describe.rect(ScreenOffset.screenBounds(node));
    }
    if (options.includeProperties()) out.properties = Describe.properties(node);
    if (options.includeVirtualization()) out.virtualization = Virtualization.of(node);
    if (options.includeAccessibility()) out.accessibility = Describe.accessibility(node);
    return out;
  }

  private static String windowType(Window w) {
    String name = w.getClass().getSimpleName();
    return name.isEmpty() ? "Window" : name;
  }

  private static java.util.Map<String, Object> windowBounds(Window w) {
    return Describe.rect(new javafx.geometry.BoundingBox(w.getX(), w.getY(), w.getWidth(), w.getHeight()));
  }
}

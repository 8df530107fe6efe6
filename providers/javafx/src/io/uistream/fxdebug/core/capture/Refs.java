package io.uistream.fxdebug.core.capture;

import io.uistream.fxdebug.core.model.ErrorCode;
import io.uistream.fxdebug.core.model.UiException;
import java.util.List;
import java.util.Map;
import javafx.scene.Node;
import javafx.stage.Window;

/**
 * Turns a ref ({@code {uid}} or {@code {path}}) back into a live node. A uid this process issued
 * whose node is gone or no longer in a showing window is stale; a path that leads nowhere, or a
 * uid never issued, is not found. FX thread only.
 */
public final class Refs {
  private final Uids uids;

  public Refs(Uids uids) {
    this.uids = uids;
  }

  public Node resolve(String uid, String path) {
    if (uid != null) return byUid(uid);
    if (path != null) return byPath(path);
    throw UiException.invalid("a ref needs a uid or a path");
  }

  private Node byUid(String uid) {
    Node node = uids.find(uid);
    if (node != null && isShowing(node)) return node;
    if (uids.wasIssued(uid)) {
      throw new UiException(
          ErrorCode.MCP_UI_STALE_REF,
          "node " + uid + " is no longer in a showing window; take a new snapshot",
          Map.of("uid", uid));
    }
    throw new UiException(
        ErrorCode.MCP_UI_NODE_NOT_FOUND, "no node has uid " + uid, Map.of("uid", uid));
  }

  private Node byPath(String path) {
    boolean internals = path.startsWith(Snapshotter.INTERNALS_PREFIX);
    String[] parts = (internals ? path.substring(2) : path).split("/");
    List<Window> windows = Stages.showing(true);
    int stage = index(parts[0], path);
    if (stage >= windows.size()) throw notFound(path);
    Node node = windows.get(stage).getScene().getRoot();
    for (int i = 1; i < parts.length && node != null; i++) {
      List<Node> children = Children.of(node, internals);
      int k = index(parts[i], path);
      node = k < children.size() ? children.get(k) : null;
    }
    if (node == null) throw notFound(path);
    return node;
  }

  private static int index(String part, String path) {
    try {
      int k = Integer.parseInt(part);
      if (k >= 0) return k;
    } catch (NumberFormatException ignored) {
      // fall through to the error below
    }
    throw UiException.invalid("path must be indices joined by '/', e.g. 0/1/2: " + path);
  }

  private static UiException notFound(String path) {
    return new UiException(
        ErrorCode.MCP_UI_NODE_NOT_FOUND, "no node at path " + path, Map.of("path", path));
  }

  static boolean isShowing(Node node) {
    return node.getScene() != null
        && node.getScene().getWindow() != null
        && node.getScene().getWindow().isShowing();
  }

  /** The path of one live node (see {@link #pathIndex}); null when it is not in a window. */
  public static String pathOf(Node node) {
    return pathIndex().get(node);
  }

  /**
   * Paths of every node reachable in the showing windows, through what a user sees, then through
   * control internals for nodes only reachable that way. One walk per call, not per node.
   */
  public static java.util.Map<Node, String> pathIndex() {
    java.util.Map<Node, String> paths = new java.util.IdentityHashMap<>();
    List<Window> windows = Stages.showing(true);
    for (boolean internals : new boolean[] {false, true}) {
      String prefix = internals ? Snapshotter.INTERNALS_PREFIX : "";
      for (int w = 0; w < windows.size(); w++) {
        Node root = windows.get(w).getScene().getRoot();
        if (root != null) index(root, prefix + w, internals, paths);
      }
    }
    return paths;
  }

  private static void index(Node node, String path, boolean internals, java.util.Map<Node, String> out) {
    out.putIfAbsent(node, path);
    List<Node> children = Children.of(node, internals);
    for (int i = 0; i < children.size(); i++) {
      index(children.get(i), path + "/" + i, internals, out);
    }
  }
}

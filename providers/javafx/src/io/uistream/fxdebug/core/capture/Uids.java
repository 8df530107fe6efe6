package io.uistream.fxdebug.core.capture;

import java.lang.ref.WeakReference;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import javafx.scene.Node;

/**
 * Stable node uids (section 6.1): {@code u-<base36 counter>}, kept in the node's own properties
 * under {@value #KEY} so a node keeps its uid for its whole life. The lookup table holds nodes
 * weakly: the library never keeps a removed node alive. FX thread only.
 */
public final class Uids {
  public static final String KEY = "mcp.uid";
  private static final int PRUNE_EVERY = 1024;

  private final Map<String, WeakReference<Node>> byUid = new HashMap<>();
  private long counter;
  private int assignedSincePrune;

  public String of(Node node) {
    Object existing = node.getProperties().get(KEY);
    if (existing instanceof String s) {
      byUid.putIfAbsent(s, new WeakReference<>(node));
      return s;
    }
    String uid = "u-" + Long.toString(++counter, 36);
    node.getProperties().put(KEY, uid);
    byUid.put(uid, new WeakReference<>(node));
    if (++assignedSincePrune >= PRUNE_EVERY) prune();
    return uid;
  }

  /** The node that had this uid, or null when it was collected or never existed. */
  public Node find(String uid) {
    WeakReference<Node> ref = byUid.get(uid);
    return ref == null ? null : ref.get();
  }

  /** Whether the uid was ever handed out by this process (so a miss is stale, not unknown). */
  public boolean wasIssued(String uid) {
    if (!uid.startsWith("u-")) return false;
    try {
      long n = Long.parseLong(uid.substring(2), 36);
      return n >= 1 && n <= counter;
    } catch (NumberFormatException e) {
      return false;
    }
  }

  private void prune() {
    assignedSincePrune = 0;
    for (Iterator<WeakReference<Node>> it = byUid.values().iterator(); it.hasNext(); ) {
      if (it.next().get() == null) it.remove();
    }
  }
}

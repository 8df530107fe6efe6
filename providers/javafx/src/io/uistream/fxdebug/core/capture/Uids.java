package io.uistream.fxdebug.core.capture;

import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.HashMap;
import java.util.Map;
import javafx.scene.Node;

/**
 * Stable node uids (section 6.1): {@code u-<base36 counter>}, kept in the node's own properties
 * under {@value #KEY} so a node keeps its uid for its whole life. The lookup table holds nodes
 * weakly: the library never keeps a removed node alive. Entries of collected nodes are dropped
 * as the collector reports them, a few at a time, never by sweeping the whole table (which on a
 * 10,000-node scene is milliseconds in one go). FX thread only.
 */
public final class Uids {
  public static final String KEY = "mcp.uid";

  /** A weak reference that knows its uid, so a collected node's entry can be found. */
  private static final class Ref extends WeakReference<Node> {
    final String uid;

    Ref(Node node, String uid, ReferenceQueue<Node> queue) {
      super(node, queue);
      this.uid = uid;
    }
  }

  private final Map<String, Ref> byUid = new HashMap<>();
  private final ReferenceQueue<Node> collected = new ReferenceQueue<>();
  private long counter;

  public String of(Node node) {
    dropCollected();
    Object existing = node.getProperties().get(KEY);
    if (existing instanceof String s) {
      if (!byUid.containsKey(s)) byUid.put(s, new Ref(node, s, collected));
      return s;
    }
    String uid = "u-" + Long.toString(++counter, 36);
    node.getProperties().put(KEY, uid);
    byUid.put(uid, new Ref(node, uid, collected));
    return uid;
  }

  /** A fresh uid for something that is not a node (a virtualized row, keyed by its item). */
  public String next() {
    return "u-" + Long.toString(++counter, 36);
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

  private void dropCollected() {
    for (Object r = collected.poll(); r != null; r = collected.poll()) {
      Ref ref = (Ref) r;
      // The uid may have been registered again since (a node re-added after a miss).
      if (byUid.get(ref.uid) == ref) byUid.remove(ref.uid);
    }
  }
}

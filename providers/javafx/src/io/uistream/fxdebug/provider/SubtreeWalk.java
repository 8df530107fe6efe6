package io.uistream.fxdebug.provider;

import io.uistream.fxdebug.core.capture.Children;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Function;
import javafx.scene.Node;

/**
 * Describes subtrees depth first (each node before its children, children in JavaFX's order)
 * in steps small enough to stop between any two: a step names at most {@value #NAMING_SLICE}
 * children, or reports one node, or enters one child. A parent with 10,000 children (a VBox of
 * rows) is then several steps instead of one, which is what lets a caller hold a time budget
 * per FX-thread task. Children lists are copied when a node is entered, so a walk that goes on
 * in a later task sees the node as it was; the node's listeners, set before the copy, mark any
 * change meanwhile for the next flush. FX thread only.
 */
final class SubtreeWalk {
  static final int NAMING_SLICE = 32;

  /** Receives each node with its id, its parent's id and its children's ids. */
  interface Report {
    void node(Node n, String id, String parentId, List<String> children);
  }

  private static final class Frame {
    final Node node;
    final String id;
    final String parentId;
    final List<Node> kids;
    final List<String> ids;
    boolean reported;
    int visited;

    Frame(Node node, String id, String parentId, List<Node> kids) {
      this.node = node;
      this.id = id;
      this.parentId = parentId;
      this.kids = kids;
      this.ids = new ArrayList<>(kids.size());
    }
  }

  private final ArrayDeque<Frame> frames = new ArrayDeque<>();
  /** Work a report asked to run before the walk goes on (a control's rows, a slice a step). */
  private final ArrayDeque<BooleanSupplier> pending = new ArrayDeque<>();
  private final Function<Node, String> idOf;
  private final Consumer<Node> watch;
  private final Report report;

  SubtreeWalk(Function<Node, String> idOf, Consumer<Node> watch, Report report) {
    this.idOf = idOf;
    this.watch = watch;
    this.report = report;
  }

  /** Queues a subtree; subtrees added later are walked first. */
  void add(Node root, String parentId) {
    watch.accept(root);
    // toArray is one array copy; List.copyOf would also check 10,000 children for null.
    List<Node> kids = Arrays.asList(Children.of(root, false).toArray(new Node[0]));
    frames.push(new Frame(root, idOf.apply(root), parentId, kids));
  }

  boolean done() {
    return frames.isEmpty() && pending.isEmpty();
  }

  /** No node reported so far is still being filled in (a control's rows): all can be sent. */
  boolean settled() {
    return pending.isEmpty();
  }

  /** Runs {@code steps} (each call one step; true when finished) before the walk goes on. */
  void then(BooleanSupplier steps) {
    pending.push(steps);
  }

  /** Walks to the end in one go: for small subtrees (a new row, a dialog). */
  void finish() {
    while (!done()) step();
  }

  void step() {
    if (!pending.isEmpty()) {
      if (pending.peek().getAsBoolean()) pending.pop();
      return;
    }
    Frame f = frames.peek();
    if (f.ids.size() < f.kids.size()) {
      int end = Math.min(f.kids.size(), f.ids.size() + NAMING_SLICE);
      for (int i = f.ids.size(); i < end; i++) f.ids.add(idOf.apply(f.kids.get(i)));
    } else if (!f.reported) {
      f.reported = true;
      report.node(f.node, f.id, f.parentId, f.ids);
    } else if (f.visited < f.kids.size()) {
      add(f.kids.get(f.visited++), f.id);
    } else {
      frames.pop();
    }
  }
}

package io.uistream.fxdebug;

/**
 * What a snapshot contains. Control internals (the nodes a control's skin creates) are left out
 * by default: a Button is one node to a user, not a LabeledText inside a StackPane.
 */
public record SnapshotOptions(
    int depth,
    boolean includeBounds,
    boolean includeLocalToScreen,
    boolean includeProperties,
    boolean includeVirtualization,
    boolean includeAccessibility,
    boolean includeControlInternals) {

  public static final int MAX_DEPTH = 256;

  public SnapshotOptions {
    if (depth < 0 || depth > MAX_DEPTH) {
      throw new IllegalArgumentException("depth must be 0.." + MAX_DEPTH + ", got " + depth);
    }
  }

  public static SnapshotOptions defaults() {
    return new SnapshotOptions(64, true, false, true, true, false, false);
  }

  public SnapshotOptions withDepth(int value) {
    return new SnapshotOptions(
        value,
        includeBounds,
        includeLocalToScreen,
        includeProperties,
        includeVirtualization,
        includeAccessibility,
        includeControlInternals);
  }

  public SnapshotOptions withControlInternals(boolean value) {
    return new SnapshotOptions(
        depth,
        includeBounds,
        includeLocalToScreen,
        includeProperties,
        includeVirtualization,
        includeAccessibility,
        value);
  }

  public SnapshotOptions withBounds(boolean bounds, boolean localToScreen) {
    return new SnapshotOptions(
        depth,
        bounds,
        localToScreen,
        includeProperties,
        includeVirtualization,
        includeAccessibility,
        includeControlInternals);
  }
}

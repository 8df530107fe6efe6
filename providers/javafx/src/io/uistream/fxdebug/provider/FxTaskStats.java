package io.uistream.fxdebug.provider;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The provider's own time on the FX thread, per task (one flush, one snapshot chunk): the
 * app's pulse stalls for that long, so the longest one is what a user could feel. Written by
 * the FX thread only; read at close.
 */
final class FxTaskStats {
  /** The issue's budget for one task of the library on the FX thread. */
  static final long BUDGET_NANOS = 5_000_000;
  private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();

  private volatile long tasks;
  private volatile long totalNanos;
  private volatile long maxNanos;
  private volatile long snapshotChunks;
  /** Snapshots started: each takes at least two chunks (its windows, then its walk). */
  private volatile long snapshots;
  private volatile long maxSnapshotChunkNanos;
  private volatile long maxFlushNanos;
  private volatile long maxCpuNanos;
  private volatile long overBudgetTasks;
  private volatile String longestCpuTask = "none";
  private long nodes;
  private final StringBuilder overBudget = new StringBuilder();

  /** One node described in the running task (what the longest task is reported with). */
  void described() {
    nodes++;
  }

  /** A snapshot starts (called from its first chunk, on the FX thread). */
  void snapshotStarted() {
    snapshots++;
  }

  /** Runs one library task on the FX thread and records how long it took. */
  void time(Runnable task, boolean snapshotChunk) {
    long start = System.nanoTime();
    long cpuStart = CPU.getCurrentThreadCpuTime();
    nodes = 0;
    try {
      task.run();
    } finally {
      long took = System.nanoTime() - start;
      long cpu = CPU.getCurrentThreadCpuTime() - cpuStart;
      if (cpu > BUDGET_NANOS) {
        overBudgetTasks++;
        if (overBudget.length() < 400) overBudget.append(String.format(Locale.ROOT, "%s#%d:%dn:%.1fms ", snapshotChunk ? "s" : "f", tasks, nodes, cpu / 1e6));
      }
      if (cpu > maxCpuNanos) {
        maxCpuNanos = cpu;
        longestCpuTask = (snapshotChunk ? "snapshot" : "flush") + " #" + tasks + ", " + nodes + " nodes";
      }
      tasks++;
      totalNanos += took;
      if (took > maxNanos) maxNanos = took;
      if (snapshotChunk) {
        snapshotChunks++;
        if (took > maxSnapshotChunkNanos) maxSnapshotChunkNanos = took;
      } else if (took > maxFlushNanos) {
        maxFlushNanos = took;
      }
    }
  }

  String json() {
    return String.format(Locale.ROOT,
        "{\"tasks\":%d,\"maxTaskMs\":%.3f,\"meanTaskMs\":%.4f,\"snapshots\":%d,\"snapshotChunks\":%d,"
            + "\"maxSnapshotChunkMs\":%.3f,\"maxFlushMs\":%.3f,\"maxTaskCpuMs\":%.3f,"
            + "\"overBudgetTasks\":%d,\"longestCpuTask\":\"%s\",\"overBudget\":\"%s\"}",
        tasks, maxNanos / 1e6, tasks == 0 ? 0.0 : totalNanos / 1e6 / tasks, snapshots, snapshotChunks,
        maxSnapshotChunkNanos / 1e6, maxFlushNanos / 1e6, maxCpuNanos / 1e6, overBudgetTasks,
        longestCpuTask, overBudget.toString().trim());
  }

  /** Writes the figures to the file named by -Dmcp.uistream.stats, when it is set. */
  void writeIfAsked() {
    String file = System.getProperty("mcp.uistream.stats");
    if (file == null || file.isBlank()) return;
    try {
      Files.writeString(Path.of(file), json() + "\n");
    } catch (IOException e) {
      System.err.println("uistream provider: could not write stats to " + file + ": " + e);
    }
  }
}

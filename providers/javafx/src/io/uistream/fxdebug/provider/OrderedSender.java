package io.uistream.fxdebug.provider;

import io.uistream.fxdebug.util.Json;
import java.net.http.WebSocket;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;

/**
 * Sends a connection's messages in the order given, one frame at a time (as the WebSocket API
 * needs). A small message is encoded and handed to the socket on the calling thread, FX thread
 * included, when nothing is ahead of it: a scene change then reaches the server without waking
 * another thread, which on a busy machine is a wait for a CPU of its own. Large messages (a
 * snapshot and its parts) are encoded on the encoder thread, off the FX thread's budget.
 */
final class OrderedSender {
  /** Nodes a message may carry to be encoded on the caller's thread (a few microseconds). */
  static final int SMALL_NODES = 32;

  private final WebSocket ws;
  private final ExecutorService encoder;
  /** Encoded texts waiting their turn, oldest first; guarded by {@code this}. */
  private final ArrayDeque<CompletableFuture<String>> queue = new ArrayDeque<>();
  private boolean sending;

  OrderedSender(WebSocket ws, ExecutorService encoder) {
    this.ws = ws;
    this.encoder = encoder;
  }

  /**
   * Whether {@code message} is cheap enough to encode on the caller's thread: a delta of a few
   * nodes, a result, the hello. A snapshot's messages never are, however few their nodes: they
   * end FX-thread tasks that may already be near their budget.
   */
  static boolean small(Map<String, Object> message) {
    Object type = message.get("type");
    if ("snapshot".equals(type) || "snapshotPart".equals(type)) return false;
    return !(message.get("upsert") instanceof List<?> l) || l.size() <= SMALL_NODES;
  }

  void send(Map<String, Object> message) {
    CompletableFuture<String> text;
    if (small(message)) {
      text = CompletableFuture.completedFuture(Json.write(message));
    } else {
      text = new CompletableFuture<>();
      CompletableFuture<String> pending = text;
      encoder.execute(() -> {
        try {
          pending.complete(Json.write(message));
        } catch (RuntimeException e) {
          pending.completeExceptionally(e);
        }
        pump();
      });
    }
    synchronized (this) {
      queue.add(text);
    }
    pump();
  }

  /** Hands the next encoded text to the socket when the previous frame is out. */
  private void pump() {
    String text;
    synchronized (this) {
      CompletableFuture<String> head = queue.peek();
      if (sending || head == null || !head.isDone()) return;
      queue.poll();
      if (head.isCompletedExceptionally()) {
        ws.abort();
        return;
      }
      sending = true;
      text = head.join();
    }
    CompletableFuture<WebSocket> sent;
    try {
      sent = ws.sendText(text, true);
    } catch (RuntimeException e) {
      ws.abort();
      return;
    }
    sent.whenComplete((w, err) -> {
      synchronized (this) {
        sending = false;
      }
      if (err != null) ws.abort();
      else pump();
    });
  }
}

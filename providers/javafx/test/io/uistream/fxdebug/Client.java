package io.uistream.fxdebug;

import io.uistream.fxdebug.util.Json;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

/** Calls the library's local endpoint as an outside client would. */
final class Client {
  record Response(int status, Object body) {
    @SuppressWarnings("unchecked")
    Map<String, Object> map() {
      return (Map<String, Object>) body;
    }
  }

  private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  private final String endpoint;
  private final String token;

  Client(String endpoint, String token) {
    this.endpoint = endpoint;
    this.token = token;
  }

  Response send(String method, String path, String body, String bearer) throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(endpoint + path)).timeout(Duration.ofSeconds(20));
    if (bearer != null) b.header("Authorization", "Bearer " + bearer);
    b.method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
    HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    return new Response(r.statusCode(), r.body().isEmpty() ? null : Json.parse(r.body()));
  }

  /** Calls a tool with the specification's simple form; answers {output} or {error}. */
  Map<String, Object> tool(String name, Map<String, Object> input) throws Exception {
    Response r = send("POST", "/mcp", Json.write(Map.of("tool", name, "input", input)), token);
    Check.equal(200, r.status(), "status of " + name);
    return r.map();
  }

  @SuppressWarnings("unchecked")
  Map<String, Object> output(String name, Map<String, Object> input) throws Exception {
    Map<String, Object> answer = tool(name, input);
    if (!answer.containsKey("output")) throw new AssertionError(name + " failed: " + Json.write(answer));
    return (Map<String, Object>) answer.get("output");
  }

  @SuppressWarnings("unchecked")
  Map<String, Object> structured(String name, Map<String, Object> input) throws Exception {
    return (Map<String, Object>) output(name, input).get("structuredContent");
  }

  @SuppressWarnings("unchecked")
  static String errorCode(Map<String, Object> answer) {
    Object error = answer.get("error");
    return error instanceof Map<?, ?> e ? (String) ((Map<String, Object>) e).get("code") : null;
  }

  /** A raw request with the headers given, for what HttpClient will not send (a foreign Host). */
  static int rawStatus(int port, String request) throws Exception {
    try (Socket s = new Socket("127.0.0.1", port)) {
      s.setSoTimeout(10_000);
      OutputStream out = s.getOutputStream();
      out.write(request.getBytes(StandardCharsets.US_ASCII));
      out.flush();
      InputStream in = s.getInputStream();
      String status = new String(in.readNBytes(12), StandardCharsets.US_ASCII);
      return Integer.parseInt(status.substring(9, 12));
    }
  }
}

package io.uistream.fxdebug;

import static io.uistream.fxdebug.Check.equal;
import static io.uistream.fxdebug.Check.truth;

import io.uistream.fxdebug.core.actions.Keys;
import io.uistream.fxdebug.core.model.UiException;
import io.uistream.fxdebug.core.model.UiNode;
import io.uistream.fxdebug.util.Json;
import io.uistream.fxdebug.util.Png;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import javafx.scene.input.KeyCode;
import javax.imageio.ImageIO;

/** Checks of pure logic: serialization order, JSON, configuration, keys, PNG. */
final class UnitTests {
  private UnitTests() {}

  static void register(Check check) {
    check.add("UiNode serializes ref, type, id, styleClass and children in order", UnitTests::nodeOrder);
    check.add("compact mode leaves out defaults, full lists them", UnitTests::compactMode);
    check.add("JSON keeps insertion order and escapes", UnitTests::jsonWrite);
    check.add("JSON parse rejects trailing content and deep nesting", UnitTests::jsonParse);
    check.add("config from properties: defaults and typed errors", UnitTests::configProperties);
    check.add("config refuses a non-loopback bind address", UnitTests::configLoopback);
    check.add("key names map to key codes", UnitTests::keys);
    check.add("PNG encoder output decodes to the same pixels", UnitTests::png);
  }

  private static UiNode node(String uid, String type, String id) {
    UiNode n = new UiNode();
    n.path = "0";
    n.uid = uid;
    n.type = type;
    n.id = id;
    return n;
  }

  private static void nodeOrder() {
    UiNode root = node("u-1", "VBox", "root");
    root.styleClass = List.of("b", "a");
    root.children.add(node("u-3", "Button", "second"));
    root.children.add(node("u-2", "TextField", null));
    String json = Json.write(root.toJson(false));
    truth(json.startsWith("{\"ref\":{\"path\":\"0\",\"uid\":\"u-1\"},\"type\":\"VBox\",\"id\":\"root\",\"styleClass\":[\"b\",\"a\"]"), json);
    truth(json.indexOf("\"second\"") < json.indexOf("\"TextField\""), "children keep their order: " + json);
    equal(json, Json.write(root.toJson(false)), "serializing twice gives the same text");
  }

  private static void compactMode() {
    UiNode n = node("u-9", "Label", null);
    Map<String, Object> compact = n.toJson(true);
    equal(List.of("ref", "type"), List.copyOf(compact.keySet()), "compact keys");
    Map<String, Object> full = n.toJson(false);
    truth(full.containsKey("visible") && full.containsKey("children") && full.containsKey("styleClass"), "full keys: " + full.keySet());
  }

  private static void jsonWrite() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("z", 1L);
    m.put("a", "q\"\n\u0001");
    m.put("d", 1.5);
    m.put("n", null);
    equal("{\"z\":1,\"a\":\"q\\\"\\n\\u0001\",\"d\":1.5,\"n\":null}", Json.write(m), "written");
    equal(m, Json.parse(Json.write(m)), "round trip");
  }

  private static void jsonParse() {
    expectFailure(() -> Json.parse("{} x"), "trailing content");
    expectFailure(() -> Json.parse("[".repeat(100) + "]".repeat(100)), "deep nesting");
    expectFailure(() -> Json.parse("{\"a\":}"), "missing value");
    equal(List.of(1L, "é", true), Json.parse("[1,\"\\u00e9\",true]"), "parsed");
  }

  private static void configProperties() {
    Properties p = new Properties();
    McpJavafxConfig d = McpJavafxConfig.fromProperties(p);
    truth(!d.enabled(), "mcp.ui defaults to off");
    equal("127.0.0.1", d.bindHost(), "bind");
    equal(0, d.port(), "port");
    equal(false, d.snapshotDefaults().includeControlInternals(), "internals off by default");
    p.setProperty("mcp.ui", "true");
    p.setProperty("mcp.snapshot.depth", "3");
    p.setProperty("mcp.allowActions", "false");
    McpJavafxConfig c = McpJavafxConfig.fromProperties(p);
    truth(c.enabled() && !c.allowActions() && c.snapshotDefaults().depth() == 3, "read: " + c);
    p.setProperty("mcp.allowActions", "maybe");
    expectFailure(() -> McpJavafxConfig.fromProperties(p), "a bad boolean");
  }

  private static void configLoopback() {
    McpJavafxConfig d = McpJavafxConfig.defaults();
    expectFailure(() -> new McpJavafxConfig(true, Transport.HTTP_LOCAL, "0.0.0.0", 0, null, true, null, 5000, 2000, null, null), "0.0.0.0");
    expectFailure(() -> new McpJavafxConfig(true, Transport.HTTP_LOCAL, "example.org", 0, null, true, null, 5000, 2000, null, null), "a name");
    truth(new McpJavafxConfig(true, d.transport(), "::1", 0, null, true, null, 5000, 2000, null, null).bindHost().equals("::1"), "::1 accepted");
  }

  private static void keys() {
    equal(KeyCode.ENTER, Keys.code("Enter"), "Enter");
    equal(KeyCode.CONTROL, Keys.code("ctrl"), "ctrl");
    equal(KeyCode.A, Keys.code("a"), "a");
    equal(KeyCode.F5, Keys.code("F5"), "F5");
    equal(KeyCode.BACK_SPACE, Keys.code("Backspace"), "Backspace");
    expectFailure(() -> Keys.code("NoSuchKey"), "unknown key");
  }

  private static void png() throws Exception {
    int[] argb = {0xffff0000, 0xff00ff00, 0x800000ff, 0xffffffff, 0, 0xff123456};
    BufferedImage img = ImageIO.read(new ByteArrayInputStream(Png.encode(3, 2, argb)));
    equal(3, img.getWidth(), "width");
    equal(2, img.getHeight(), "height");
    for (int i = 0; i < argb.length; i++) {
      equal(argb[i], img.getRGB(i % 3, i / 3), "pixel " + i);
    }
  }

  static void expectFailure(Runnable r, String what) {
    try {
      r.run();
    } catch (IllegalArgumentException | UiException | Json.JsonException e) {
      return;
    }
    throw new AssertionError("expected a failure for " + what);
  }
}

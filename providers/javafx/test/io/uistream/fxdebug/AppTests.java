package io.uistream.fxdebug;

import static io.uistream.fxdebug.Check.equal;
import static io.uistream.fxdebug.Check.truth;

import io.uistream.fxdebug.core.fx.Fx;
import io.uistream.fxdebug.util.Json;
import java.io.ByteArrayInputStream;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.awt.image.BufferedImage;
import javax.imageio.ImageIO;

/** The specification's integration plan (section 14) against a running mini app. */
final class AppTests {
  private final MiniApp app;
  private final Client client;

  private AppTests(MiniApp app, Client client) {
    this.app = app;
    this.client = client;
  }

  static void register(Check check, MiniApp app, Client client) {
    AppTests t = new AppTests(app, client);
    check.add("snapshot: structure, uids, deterministic text", t::snapshot);
    check.add("snapshot: controls are leaves unless internals are asked for", t::internals);
    check.add("snapshot: the ListView reports 10,000 items and its visible rows", t::virtualization);
    check.add("query by #id, by text and by predicate", t::query);
    check.add("perform setText, then a snapshot shows the text", t::setText);
    check.add("perform click on a button runs its action", t::click);
    check.add("perform typeText types Unicode into the focused field", t::typeText);
    check.add("perform pressKey with the robot (Backspace)", t::pressKey);
    check.add("perform scroll moves the ListView's visible rows, and back", t::scroll);
    check.add("get_node filters fields and properties", t::getNode);
    check.add("a removed node's uid is stale; an unknown uid is not found", t::staleRef);
    check.add("screenshot is a PNG of the window's size", t::screenshot);
    check.add("bad input answers MCP_UI_INVALID_INPUT", t::badInput);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> map(Object o) {
    return (Map<String, Object>) o;
  }

  @SuppressWarnings("unchecked")
  private static List<Object> list(Object o) {
    return (List<Object>) o;
  }

  private Map<String, Object> rootOf(Map<String, Object> snapshot) {
    return map(map(list(snapshot.get("stages")).get(0)).get("root"));
  }

  private void snapshot() throws Exception {
    Map<String, Object> out = client.output("ui_get_snapshot", Map.of("mode", "full"));
    Map<String, Object> s = map(out.get("structuredContent"));
    equal("mcp-javafx-ui/1.0", s.get("schema"), "schema");
    equal("Mini", map(list(s.get("stages")).get(0)).get("title"), "stage title");
    Map<String, Object> root = rootOf(s);
    equal("VBox", root.get("type"), "root type");
    equal("root", root.get("id"), "root id");
    List<Object> kids = list(root.get("children"));
    equal(List.of("Button", "TextField", "Label", "CheckBox", "ListView"),
        kids.stream().map(k -> map(k).get("type")).toList(), "children in order");
    Map<String, Object> ok = map(kids.get(0));
    equal(List.of("button", "primary"), ok.get("styleClass"), "style classes");
    truth(((String) map(ok.get("ref")).get("uid")).matches("u-[0-9a-z]+"), "uid format");
    truth(ok.containsKey("boundsInScene"), "bounds in scene");
    Map<String, Object> again = client.output("ui_get_snapshot", Map.of("mode", "full"));
    equal(out.get("content"), again.get("content"), "the text tree is the same twice");
    equal(map(ok.get("ref")).get("uid"), map(map(list(rootOf(map(again.get("structuredContent"))).get("children")).get(0)).get("ref")).get("uid"), "uid stable");
    String text = (String) out.get("content");
    truth(text.contains("- Button#ok \"OK\" .button .primary [u-"), "text line: " + text);
  }

  private void internals() throws Exception {
    Map<String, Object> leaf = map(list(rootOf(client.structured("ui_get_snapshot", Map.of("mode", "full")))
        .get("children")).get(0));
    equal(List.of(), leaf.get("children"), "a Button is a leaf by default");
    Map<String, Object> deep = map(list(rootOf(client.structured("ui_get_snapshot",
        Map.of("mode", "full", "includeControlInternals", true))).get("children")).get(0));
    truth(!list(deep.get("children")).isEmpty(), "with internals the Button has skin children");
    truth(((String) map(deep.get("ref")).get("path")).startsWith("i:"), "internals paths are marked");
  }

  private void virtualization() throws Exception {
    Map<String, Object> list = map(list(rootOf(client.structured("ui_get_snapshot", Map.of()))
        .get("children")).get(4));
    Map<String, Object> v = map(list.get("virtualization"));
    equal(10_000L, v.get("itemsCount"), "items");
    Map<String, Object> range = map(v.get("visibleRange"));
    truth((Long) range.get("first") == 0 && (Long) range.get("last") < 100, "visible range " + range);
  }

  private void query() throws Exception {
    Map<String, Object> byId = client.structured("ui_query", Map.of("css", "#ok"));
    equal(1L, byId.get("total"), "one #ok");
    Map<String, Object> match = map(list(byId.get("matches")).get(0));
    equal("Button[text=OK, id=ok]", match.get("summary"), "summary");
    Map<String, Object> byText = client.structured("ui_query", Map.of("text", "Agree", "match", "equals"));
    equal("CheckBox", map(list(byText.get("matches")).get(0)).get("type"), "by text");
    Map<String, Object> byPred = client.structured("ui_query",
        Map.of("predicate", Map.of("typeIs", List.of("TextField", "Label"))));
    equal(2L, byPred.get("total"), "predicate matches");
    Map<String, Object> limited = client.structured("ui_query", Map.of("css", ".label", "limit", 1));
    truth((Long) limited.get("total") >= 1 && list(limited.get("matches")).size() == 1, "limit");
  }

  private String uidOf(String css) throws Exception {
    Map<String, Object> found = client.structured("ui_query", Map.of("css", css));
    return (String) map(map(list(found.get("matches")).get(0)).get("ref")).get("uid");
  }

  private void setText() throws Exception {
    String uid = uidOf("#name");
    Map<String, Object> r = client.structured("ui_perform",
        Map.of("action", "setText", "target", Map.of("uid", uid), "text", "Ada"));
    equal(true, r.get("ok"), "ok");
    String text = (String) client.output("ui_get_snapshot", Map.of()).get("content");
    truth(text.contains("TextField#name \"Ada\""), "snapshot shows the text: " + text);
    equal("Ada", Fx.exec(() -> app.name.getText(), 5000), "the field holds it");
  }

  private void click() throws Exception {
    int before = Fx.exec(() -> app.clicks, 5000);
    Map<String, Object> r = client.structured("ui_perform", Map.of("action", "click", "target", Map.of("uid", uidOf("#ok"))));
    equal(true, r.get("ok"), "ok: " + Json.write(r));
    equal(before + 1, Fx.exec(() -> app.clicks, 5000), "the button ran once");
    equal("clicked " + (before + 1), Fx.exec(() -> app.status.getText(), 5000), "label");
  }

  private void typeText() throws Exception {
    String uid = uidOf("#name");
    client.structured("ui_perform", Map.of("action", "setText", "target", Map.of("uid", uid), "text", ""));
    Map<String, Object> r = client.structured("ui_perform",
        Map.of("action", "typeText", "target", Map.of("uid", uid), "text", "Grüße, Привет ✓"));
    equal(true, r.get("ok"), "ok");
    equal("Grüße, Привет ✓", Fx.exec(() -> app.name.getText(), 5000), "typed");
  }

  private void pressKey() throws Exception {
    String uid = uidOf("#name");
    client.structured("ui_perform", Map.of("action", "setText", "target", Map.of("uid", uid), "text", "abc"));
    Map<String, Object> r = client.tool("ui_perform",
        Map.of("action", "pressKey", "target", Map.of("uid", uid), "key", "Backspace"));
    truth(r.containsKey("output"), "pressKey answered: " + Json.write(r));
    equal("ab", Fx.exec(() -> app.name.getText(), 5000), "one character deleted");
  }

  private long firstVisibleItem() throws Exception {
    Map<String, Object> list = map(list(rootOf(client.structured("ui_get_snapshot", Map.of()))
        .get("children")).get(4));
    return (Long) map(map(list.get("virtualization")).get("visibleRange")).get("first");
  }

  /** The first visible row once it satisfies {@code wanted}, waiting pulse by pulse (5 s). */
  private long firstVisibleWhen(java.util.function.LongPredicate wanted) throws Exception {
    long deadline = System.nanoTime() + 5_000_000_000L;
    long first = firstVisibleItem();
    while (!wanted.test(first) && System.nanoTime() < deadline) {
      Fx.awaitUiIdle(5000);
      first = firstVisibleItem();
    }
    return first;
  }

  private void scroll() throws Exception {
    equal(0L, firstVisibleItem(), "the list starts at its first row");
    Map<String, Object> target = Map.of("uid", uidOf("#items"));
    Map<String, Object> down = client.structured("ui_perform", Map.of("action", "scroll", "target", target, "deltaY", 3));
    equal(true, down.get("ok"), "ok: " + Json.write(down));
    long first = firstVisibleWhen(f -> f > 0);
    truth(first > 0, "scrolled down: first visible row " + first);
    equal(first, (long) Fx.exec(() -> app.items.getItems().indexOf(visibleText(app.items)), 5000), "the app agrees");
    client.structured("ui_perform", Map.of("action", "scroll", "target", target, "deltaY", -30));
    equal(0L, firstVisibleWhen(f -> f == 0), "scrolled back to the top");
  }

  /** The text of the first visible cell of {@code list}, read from the app itself. */
  private static String visibleText(javafx.scene.control.ListView<String> list) {
    javafx.scene.control.skin.VirtualFlow<?> flow = (javafx.scene.control.skin.VirtualFlow<?>) list.lookup(".virtual-flow");
    return ((javafx.scene.control.ListCell<?>) flow.getFirstVisibleCell()).getText();
  }

  private void getNode() throws Exception {
    Map<String, Object> n = client.structured("ui_get_node", Map.of("target", Map.of("uid", uidOf("#agree")),
        "fields", List.of("type", "text", "properties"), "properties", List.of("selected")));
    equal(List.of("ref", "type", "text", "properties"), List.copyOf(n.keySet()), "fields");
    equal(Map.of("selected", false), n.get("properties"), "properties");
  }

  private void staleRef() throws Exception {
    String uid = uidOf("#agree");
    Fx.run(() -> app.root.getChildren().remove(app.agree), 5000);
    try {
      Map<String, Object> r = client.tool("ui_get_node", Map.of("target", Map.of("uid", uid)));
      equal("MCP_UI_STALE_REF", Client.errorCode(r), "stale");
    } finally {
      Fx.run(() -> app.root.getChildren().add(3, app.agree), 5000);
    }
    equal("MCP_UI_NODE_NOT_FOUND", Client.errorCode(client.tool("ui_get_node", Map.of("target", Map.of("uid", "u-zzzzzz")))), "unknown");
    equal("MCP_UI_NODE_NOT_FOUND", Client.errorCode(client.tool("ui_get_node", Map.of("target", Map.of("path", "0/99")))), "bad path");
  }

  private void screenshot() throws Exception {
    Map<String, Object> s = client.structured("ui_screenshot", Map.of());
    BufferedImage img = ImageIO.read(new ByteArrayInputStream(Base64.getDecoder().decode((String) s.get("data"))));
    truth(img.getWidth() > 0 && img.getHeight() > 0, "size > 0");
    equal(360, img.getWidth(), "the scene's width");
    equal(((Long) s.get("width")).intValue(), img.getWidth(), "reported width");
  }

  private void badInput() throws Exception {
    equal("MCP_UI_INVALID_INPUT", Client.errorCode(client.tool("ui_query", Map.of())), "no query");
    equal("MCP_UI_INVALID_INPUT", Client.errorCode(client.tool("ui_get_snapshot", Map.of("mode", "huge"))), "bad enum");
    equal("MCP_UI_INVALID_INPUT", Client.errorCode(client.tool("ui_get_snapshot", Map.of("colour", 1))), "unknown field");
    equal("MCP_UI_INVALID_INPUT", Client.errorCode(client.tool("ui_nope", Map.of())), "unknown tool");
    equal("MCP_UI_INVALID_INPUT", Client.errorCode(client.tool("ui_query", Map.of("text", "(a+)+[", "match", "regex"))), "bad regex");
  }
}

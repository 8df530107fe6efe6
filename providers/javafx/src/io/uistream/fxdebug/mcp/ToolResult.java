package io.uistream.fxdebug.mcp;

import io.uistream.fxdebug.util.Json;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A tool's answer: the text an agent reads, the structured JSON a program reads, and an image
 * for screenshots. The simple transport sends {@code {output:{content, structuredContent}}}; MCP
 * sends the same as {@code content} blocks.
 */
public record ToolResult(String text, Map<String, Object> structured, Map<String, Object> image) {

  public static ToolResult of(Map<String, Object> structured) {
    return new ToolResult(Json.write(structured), structured, null);
  }

  public Map<String, Object> toOutput() {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("content", text);
    out.put("structuredContent", structured);
    return out;
  }

  /** The MCP {@code tools/call} result. */
  public Map<String, Object> toMcp() {
    List<Object> content = new ArrayList<>();
    if (image != null) {
      Map<String, Object> block = new LinkedHashMap<>();
      block.put("type", "image");
      block.put("data", image.get("data"));
      block.put("mimeType", image.get("mimeType"));
      content.add(block);
    }
    content.add(Map.of("type", "text", "text", text));
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("content", content);
    out.put("structuredContent", structured);
    out.put("isError", false);
    return out;
  }
}

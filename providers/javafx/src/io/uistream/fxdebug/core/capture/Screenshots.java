package io.uistream.fxdebug.core.capture;

import io.uistream.fxdebug.core.model.ErrorCode;
import io.uistream.fxdebug.core.model.UiException;
import io.uistream.fxdebug.util.Png;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import javafx.scene.Node;
import javafx.scene.image.PixelFormat;
import javafx.scene.image.WritableImage;
import javafx.stage.Window;

/** Section 10: a node or a whole scene rendered by JavaFX itself, as PNG. FX thread only. */
public final class Screenshots {
  /** A larger image is refused rather than allocated (width x height pixels). */
  public static final long MAX_PIXELS = 16L * 1024 * 1024;

  private Screenshots() {}

  /** Pixels read on the FX thread; encoding them happens on the caller's thread. */
  public record Pixels(int width, int height, int[] argb) {
    public Map<String, Object> toPng() {
      Map<String, Object> out = new LinkedHashMap<>();
      out.put("mimeType", "image/png");
      out.put("width", width);
      out.put("height", height);
      out.put("data", Base64.getEncoder().encodeToString(Png.encode(width, height, argb)));
      return out;
    }
  }

  public static Pixels capture(Window window, Node node) {
    WritableImage image;
    if (node != null) {
      image = node.snapshot(null, null);
    } else {
      if (window.getScene() == null) throw new UiException(ErrorCode.MCP_UI_NO_STAGES, "the window has no scene");
      image = window.getScene().snapshot(null);
    }
    int w = (int) image.getWidth();
    int h = (int) image.getHeight();
    if (w <= 0 || h <= 0) throw UiException.actionFailed("EMPTY_IMAGE", "nothing to capture: the size is 0");
    if ((long) w * h > MAX_PIXELS) throw UiException.actionFailed("TOO_LARGE", w + "x" + h + " is over the pixel limit");
    int[] argb = new int[w * h];
    image.getPixelReader().getPixels(0, 0, w, h, PixelFormat.getIntArgbInstance(), argb, 0, w);
    return new Pixels(w, h, argb);
  }
}

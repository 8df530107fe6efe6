package io.uistream.fxdebug.util;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/** A PNG encoder for ARGB pixels (8-bit RGBA, no filtering): no AWT or ImageIO needed. */
public final class Png {
  private Png() {}

  public static byte[] encode(int width, int height, int[] argb) {
    byte[] raw = new byte[height * (1 + width * 4)];
    int k = 0;
    for (int y = 0; y < height; y++) {
      raw[k++] = 0; // filter type None
      for (int x = 0; x < width; x++) {
        int p = argb[y * width + x];
        raw[k++] = (byte) (p >> 16);
        raw[k++] = (byte) (p >> 8);
        raw[k++] = (byte) p;
        raw[k++] = (byte) (p >>> 24);
      }
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'});
    ByteBuffer header = ByteBuffer.allocate(13);
    header.putInt(width).putInt(height);
    header.put((byte) 8).put((byte) 6).put((byte) 0).put((byte) 0).put((byte) 0);
    chunk(out, "IHDR", header.array());
    chunk(out, "IDAT", deflate(raw));
    chunk(out, "IEND", new byte[0]);
    return out.toByteArray();
  }

  private static byte[] deflate(byte[] data) {
    Deflater deflater = new Deflater(Deflater.BEST_SPEED);
    deflater.setInput(data);
    deflater.finish();
    ByteArrayOutputStream out = new ByteArrayOutputStream(data.length / 4 + 64);
    byte[] buf = new byte[64 * 1024];
    while (!deflater.finished()) out.write(buf, 0, deflater.deflate(buf));
    deflater.end();
    return out.toByteArray();
  }

  private static void chunk(ByteArrayOutputStream out, String type, byte[] data) {
    byte[] typeBytes = type.getBytes(StandardCharsets.US_ASCII);
    out.writeBytes(ByteBuffer.allocate(4).putInt(data.length).array());
    CRC32 crc = new CRC32();
    crc.update(typeBytes);
    crc.update(data);
    out.writeBytes(typeBytes);
    out.writeBytes(data);
    out.writeBytes(ByteBuffer.allocate(4).putInt((int) crc.getValue()).array());
  }
}

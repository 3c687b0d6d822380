/**
 * A BMP reader for the upload call: sharp (libvips) has no BMP loader, and the spec accepts
 * BMP pictures (part 1, section 5). Reads the header first (so the pixel limit is checked
 * before anything is allocated), then the uncompressed layouts cameras, scanners and
 * Windows write: 1, 4, 8 bit palettes, 16 bit (555 or bit fields), 24 bit, 32 bit (BGRX or
 * bit fields with alpha). RLE-compressed and embedded JPEG/PNG BMPs are refused (null).
 */
export interface BmpHeader {
  width: number;
  height: number;
}

export interface BmpImage extends BmpHeader {
  channels: 3 | 4;
  /** Top-down RGB(A) pixels, `width * height * channels` bytes. */
  decode(): Buffer;
}

const BI_RGB = 0;
const BI_BITFIELDS = 3;
const BI_ALPHABITFIELDS = 6;

/** The header of a BMP file, or null when it is not one this reader understands. */
export function readBmp(data: Buffer): BmpImage | null {
  if (data.length < 26 || data[0] !== 0x42 || data[1] !== 0x4d) return null;
  const pixelOffset = data.readUInt32LE(10);
  const headerSize = data.readUInt32LE(14);
  let width: number;
  let rawHeight: number;
  let bpp: number;
  let compression = BI_RGB;
  let colorsUsed = 0;
  let paletteEntry = 4;
  let masks: [number, number, number, number] | null = null;
  if (headerSize === 12) {
    width = data.readUInt16LE(18);
    rawHeight = data.readInt16LE(20);
    bpp = data.readUInt16LE(24);
    paletteEntry = 3;
  } else if (headerSize >= 40 && data.length >= 14 + headerSize) {
    width = data.readInt32LE(18);
    rawHeight = data.readInt32LE(22);
    bpp = data.readUInt16LE(28);
    compression = data.readUInt32LE(30);
    colorsUsed = data.readUInt32LE(46);
    if (compression === BI_BITFIELDS || compression === BI_ALPHABITFIELDS) {
      const at = 54;
      const count = compression === BI_ALPHABITFIELDS || headerSize >= 56 ? 4 : 3;
      if (data.length < at + 4 * count) return null;
      masks = [data.readUInt32LE(at), data.readUInt32LE(at + 4), data.readUInt32LE(at + 8), count === 4 ? data.readUInt32LE(at + 12) : 0];
    }
  } else {
    return null;
  }
  const height = Math.abs(rawHeight);
  const topDown = rawHeight < 0;
  if (width <= 0 || height <= 0) return null;
  if (masks ? bpp !== 16 && bpp !== 32 : compression !== BI_RGB || ![1, 4, 8, 16, 24, 32].includes(bpp)) return null;
  if (bpp === 16 && !masks) masks = [0x7c00, 0x03e0, 0x001f, 0];
  if (bpp === 32 && !masks) masks = [0x00ff0000, 0x0000ff00, 0x000000ff, 0];
  const channels: 3 | 4 = masks && masks[3] !== 0 ? 4 : 3;
  const rowBytes = Math.ceil((width * bpp) / 32) * 4;
  const paletteAt = 14 + headerSize + (masks && headerSize === 40 ? (compression === BI_ALPHABITFIELDS ? 16 : 12) : 0);

  return {
    width,
    height,
    channels,
    decode() {
      if (pixelOffset + rowBytes * (height - 1) + Math.ceil((width * bpp) / 8) > data.length) throw new Error('bmp: truncated');
      const palette: number[][] = [];
      if (bpp <= 8) {
        const count = colorsUsed > 0 && colorsUsed <= 1 << bpp ? colorsUsed : 1 << bpp;
        for (let i = 0; i < count; i++) {
          const at = paletteAt + i * paletteEntry;
          palette.push(at + 2 < data.length ? [data[at + 2]!, data[at + 1]!, data[at]!] : [0, 0, 0]);
        }
      }
      const fields = masks?.map((mask) => {
        if (mask === 0) return { shift: 0, max: 0, mask };
        let shift = 0;
        while (((mask >>> shift) & 1) === 0) shift++;
        return { shift, max: (mask >>> shift) >>> 0, mask };
      });
      const out = Buffer.alloc(width * height * channels);
      for (let y = 0; y < height; y++) {
        const row = pixelOffset + (topDown ? y : height - 1 - y) * rowBytes;
        for (let x = 0; x < width; x++) {
          const o = (y * width + x) * channels;
          let rgba: [number, number, number, number];
          if (bpp <= 8) {
            const bit = x * bpp;
            const byte = data[row + (bit >> 3)]!;
            const index = (byte >> (8 - bpp - (bit & 7))) & ((1 << bpp) - 1);
            const c = palette[index] ?? [0, 0, 0];
            rgba = [c[0]!, c[1]!, c[2]!, 255];
          } else if (bpp === 24) {
            const p = row + x * 3;
            rgba = [data[p + 2]!, data[p + 1]!, data[p]!, 255];
          } else {
            const v = bpp === 16 ? data.readUInt16LE(row + x * 2) : data.readUInt32LE(row + x * 4);
            const part = (i: number) => {
              const f = fields![i]!;
              if (f.max === 0) return 255;
              return Math.round(((((v & f.mask) >>> 0) >>> f.shift) * 255) / f.max);
            };
            rgba = [part(0), part(1), part(2), part(3)];
          }
          out[o] = rgba[0];
          out[o + 1] = rgba[1];
          out[o + 2] = rgba[2];
          if (channels === 4) out[o + 3] = rgba[3];
        }
      }
      return out;
    },
  };
}

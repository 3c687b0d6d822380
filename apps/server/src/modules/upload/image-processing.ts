import sharp, { type Metadata, type Sharp, type SharpOptions } from 'sharp';
import { messages } from '@baobei/shared/messages';
import { ValidationError } from '../../lib/errors';
import { readBmp } from './bmp';

/**
 * docs/decisions/018: at most 40 megapixels and 10000 px a side, judged from the header
 * before anything is decoded (a 30000×30000 PNG header, a decompression bomb).
 */
export const MAX_IMAGE_PIXELS = 40_000_000;
export const MAX_IMAGE_SIDE = 10_000;

export interface ProcessedImage {
  data: Buffer;
  mime: 'image/jpeg' | 'image/png';
  ext: 'jpg' | 'png';
  width: number;
  height: number;
}

// Decoded pictures are not kept around: each upload is decoded once.
sharp.cache(false);

const notImage = () => new ValidationError(messages.upload.notImage);

function checkSize(width: number | undefined, height: number | undefined): void {
  if (!width || !height) throw notImage();
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS) {
    throw new ValidationError(messages.upload.tooManyPixels);
  }
}

/**
 * Re-encodes an accepted picture (its type already judged by content): turned upright by
 * its EXIF orientation, then written anew without any metadata (EXIF, GPS, XMP, ICC, comments)
 * and without anything appended after the image data. JPEG stays JPEG; PNG, GIF (its first
 * frame) and BMP become PNG, which keeps them lossless.
 */
export async function reencodeImage(content: Buffer, mime: string): Promise<ProcessedImage> {
  let pipeline: Sharp;
  if (mime === 'image/bmp') {
    const bmp = readBmp(content);
    if (!bmp) throw notImage();
    checkSize(bmp.width, bmp.height);
    let raw: Buffer;
    try {
      raw = bmp.decode();
    } catch {
      throw notImage();
    }
    pipeline = sharp(raw, { raw: { width: bmp.width, height: bmp.height, channels: bmp.channels }, limitInputPixels: MAX_IMAGE_PIXELS });
  } else {
    const options: SharpOptions = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', pages: 1 };
    let meta: Metadata;
    try {
      meta = await sharp(content, { ...options, limitInputPixels: false }).metadata();
    } catch {
      throw notImage();
    }
    checkSize(meta.width, meta.height);
    pipeline = sharp(content, options).rotate();
  }
  const jpeg = mime === 'image/jpeg';
  try {
    const { data, info } = await (jpeg ? pipeline.jpeg({ quality: 85 }) : pipeline.png()).toBuffer({ resolveWithObject: true });
    return { data, mime: jpeg ? 'image/jpeg' : 'image/png', ext: jpeg ? 'jpg' : 'png', width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw new ValidationError(messages.upload.tooManyPixels);
    throw notImage();
  }
}

import QRCode from 'qrcode';
import type { PosterContent } from '../model/poster-content';
import { coverCrop, POSTER_HEIGHT, POSTER_WIDTH, posterLayout, QR_SIZE, type PosterFont, type PosterOp } from '../model/poster-layout';

/*
 * Loaded only when a broker asks for a poster (docs/decisions/091): this module and `qrcode`
 * are a chunk of their own, never part of a page's first load.
 */

/** A picture that has not loaded by then is drawn as the brand block, like one that failed. */
const COVER_TIMEOUT_MS = 8000;

/** The app's font stack (global.css), so the poster's Chinese is drawn in the same CJK font as the page. */
function fontFamily(): string {
  return getComputedStyle(document.documentElement).getPropertyValue('--adm-font-family').trim() || 'sans-serif';
}

function cssFont(font: PosterFont, family: string): string {
  return `${font.bold ? 600 : 400} ${font.size}px ${family}`;
}

/**
 * The cover, or null when it cannot be drawn. `crossOrigin` asks for CORS: a picture of
 * another origin without it fails to load here (and becomes the brand block) instead of
 * loading and tainting the canvas, which would make the poster impossible to export.
 */
function loadCover(url: string): Promise<HTMLImageElement | null> {
  if (!url) return Promise.resolve(null);
  return new Promise((resolve) => {
    const image = new Image();
    const timer = window.setTimeout(() => resolve(null), COVER_TIMEOUT_MS);
    const settle = (value: HTMLImageElement | null) => {
      window.clearTimeout(timer);
      resolve(value);
    };
    image.crossOrigin = 'anonymous';
    image.onload = () => settle(image.naturalWidth > 0 && image.naturalHeight > 0 ? image : null);
    image.onerror = () => settle(null);
    image.src = url;
  });
}

/** The share link's QR code, black on white with a one-module quiet zone, at the poster's size. */
async function qrCanvas(link: string): Promise<HTMLCanvasElement> {
  const canvas = document.createElement('canvas');
  await QRCode.toCanvas(canvas, link, { width: QR_SIZE, margin: 1, errorCorrectionLevel: 'M' });
  return canvas;
}

function roundedRect(ctx: CanvasRenderingContext2D, op: Extract<PosterOp, { kind: 'rect' }>): void {
  ctx.beginPath();
  // roundRect arrived in Safari 16: an older iPhone's WeChat draws square chips.
  if (op.radius && typeof ctx.roundRect === 'function') ctx.roundRect(op.x, op.y, op.w, op.h, op.radius);
  else ctx.rect(op.x, op.y, op.w, op.h);
  ctx.fill();
}

function drawOp(ctx: CanvasRenderingContext2D, op: PosterOp, cover: HTMLImageElement | null, qr: HTMLCanvasElement, family: string): void {
  switch (op.kind) {
    case 'rect': {
      if (typeof op.fill === 'string') ctx.fillStyle = op.fill;
      else {
        const gradient = ctx.createLinearGradient(op.x, op.y, op.x + op.w, op.y + op.h);
        gradient.addColorStop(0, op.fill.from);
        gradient.addColorStop(1, op.fill.to);
        ctx.fillStyle = gradient;
      }
      roundedRect(ctx, op);
      return;
    }
    case 'cover': {
      if (!cover) return;
      const crop = coverCrop(cover.naturalWidth, cover.naturalHeight, op.w, op.h);
      ctx.drawImage(cover, crop.sx, crop.sy, crop.sw, crop.sh, op.x, op.y, op.w, op.h);
      return;
    }
    case 'text':
      ctx.font = cssFont(op.font, family);
      ctx.fillStyle = op.color;
      ctx.fillText(op.text, op.x, op.y);
      return;
    case 'dash':
      ctx.strokeStyle = op.color;
      ctx.lineWidth = 2;
      ctx.setLineDash([10, 8]);
      ctx.beginPath();
      ctx.moveTo(op.x1, op.y);
      ctx.lineTo(op.x2, op.y);
      ctx.stroke();
      ctx.setLineDash([]);
      return;
    case 'qr':
      ctx.imageSmoothingEnabled = false;
      ctx.drawImage(qr, op.x, op.y, op.size, op.size);
      ctx.imageSmoothingEnabled = true;
      return;
  }
}

function render(content: PosterContent, cover: HTMLImageElement | null, qr: HTMLCanvasElement): string {
  const canvas = document.createElement('canvas');
  canvas.width = POSTER_WIDTH;
  canvas.height = POSTER_HEIGHT;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('canvas 2d context unavailable');
  const family = fontFamily();
  const measure = (text: string, font: PosterFont) => {
    ctx.font = cssFont(font, family);
    return ctx.measureText(text).width;
  };
  ctx.textBaseline = 'middle';
  for (const op of posterLayout(content, measure)) drawOp(ctx, op, cover, qr, family);
  // A data URL, not a blob URL: WeChat's long-press 保存图片 reads it (docs/decisions/091).
  return canvas.toDataURL('image/png');
}

/**
 * The poster as a PNG data URL. Should the cover still taint the canvas (a server that
 * answered CORS for the load but the export refuses it), the poster is drawn again with the
 * brand block in its place: a poster without its picture beats no poster.
 */
export async function drawPoster(content: PosterContent): Promise<string> {
  const [cover, qr] = await Promise.all([loadCover(content.coverUrl), qrCanvas(content.link)]);
  try {
    return render(content, cover, qr);
  } catch (error) {
    if (cover && error instanceof DOMException && error.name === 'SecurityError') return render(content, null, qr);
    throw error;
  }
}

import { IMAGE_MAX_EDGE, THUMBNAIL_EDGE } from '@haat/contract';
import sharp from 'sharp';

/**
 * How the store keeps an image (issue 27, decision 0107): re-encoded as WebP by `sharp`
 * (libvips), which drops every piece of metadata (EXIF, GPS included) since none is
 * asked for, turned upright first by its EXIF orientation, scaled down to at most
 * `IMAGE_MAX_EDGE` px on its longer edge (never up), with a square `THUMBNAIL_EDGE` px
 * thumbnail for lists. An animated GIF stays animated; its thumbnail is its first frame.
 */

/** An image as the store keeps it: WebP bytes, their size in pixels, and the thumbnail's WebP bytes. */
export interface ProcessedImage {
  data: Buffer;
  thumbnail: Buffer;
  width: number;
  height: number;
}

/** The most pixels a decoded image may have (a 2 MB file can claim a billion; 60 MP is a large camera's). */
const MAX_INPUT_PIXELS = 60_000_000;
/** WebP quality of the image and of its thumbnail. */
const QUALITY = 82;
const THUMBNAIL_QUALITY = 75;
/**
 * WebP effort (0–6) for drawings the store renders itself: flat colours compress well
 * at 2, which encodes twice as fast as the default 4 (a demo store's 747 pictures).
 */
const DRAWING_EFFORT = 2;

/** Raised when the bytes cannot be decoded as an image (cut short, damaged, too many pixels). */
export class UnreadableImage extends Error {
  override name = 'UnreadableImage';
}

/**
 * Re-encodes `bytes` (a PNG, JPEG, WebP or GIF already recognised by its first bytes).
 * @throws UnreadableImage when libvips cannot decode it.
 */
export async function processImage(bytes: Buffer): Promise<ProcessedImage> {
  try {
    const source = sharp(bytes, { animated: true, limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const { pages = 1 } = await source.metadata();
    const animated = pages > 1;
    // Turning upright needs one frame; an animated image has no EXIF orientation to honour.
    const upright = animated ? source : source.autoOrient();
    const { data, info } = await upright
      .resize({ width: IMAGE_MAX_EDGE, height: IMAGE_MAX_EDGE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: QUALITY })
      .toBuffer({ resolveWithObject: true });
    const thumbnail = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .autoOrient()
      .resize({ width: THUMBNAIL_EDGE, height: THUMBNAIL_EDGE, fit: 'cover' })
      .webp({ quality: THUMBNAIL_QUALITY })
      .toBuffer();
    return { data, thumbnail, width: info.width, height: animated ? (info.pageHeight ?? info.height) : info.height };
  } catch (error) {
    throw new UnreadableImage((error as Error).message);
  }
}

/**
 * Renders an SVG document (the store's own pictures) once, then encodes it as
 * `processImage` keeps an image: WebP at its own size (at most `IMAGE_MAX_EDGE`) and the
 * square thumbnail.
 */
export async function renderSvg(svg: string): Promise<ProcessedImage> {
  const { data: pixels, info } = await sharp(Buffer.from(svg)).raw().toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const [data, thumbnail] = await Promise.all([
    sharp(pixels, raw)
      .resize({ width: IMAGE_MAX_EDGE, height: IMAGE_MAX_EDGE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: QUALITY, effort: DRAWING_EFFORT })
      .toBuffer(),
    sharp(pixels, raw)
      .resize({ width: THUMBNAIL_EDGE, height: THUMBNAIL_EDGE, fit: 'cover' })
      .webp({ quality: THUMBNAIL_QUALITY, effort: DRAWING_EFFORT })
      .toBuffer(),
  ]);
  return {
    data,
    thumbnail,
    width: Math.min(info.width, IMAGE_MAX_EDGE),
    height: Math.min(info.height, IMAGE_MAX_EDGE),
  };
}

import sharp from 'sharp';

/**
 * Real images for the upload tests (issue 27: every upload is decoded and re-encoded,
 * so a signature and filler no longer pass). Made once by `sharp` when first imported.
 */

/** A `width` × `height` image of one colour in `format`. */
function solid(width: number, height: number, format: 'png' | 'jpeg' | 'gif' | 'webp', colour = '#c0392b') {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .toFormat(format)
    .toBuffer();
}

/** One small image of each accepted type (40 × 30). */
export const IMAGES = {
  png: await solid(40, 30, 'png'),
  jpeg: await solid(40, 30, 'jpeg'),
  gif: await solid(40, 30, 'gif'),
  webp: await solid(40, 30, 'webp'),
};

/** A second PNG with other bytes (another colour). */
export const OTHER_PNG = await solid(40, 30, 'png', '#2e86c1');

/**
 * A JPEG 60 wide and 20 high as stored, whose EXIF says "turn it a quarter" (orientation
 * 6: shown 20 wide and 60 high) and which carries GPS coordinates and a camera maker.
 */
export const PHOTO_WITH_EXIF = await sharp({ create: { width: 60, height: 20, channels: 3, background: '#888' } })
  .jpeg()
  .withMetadata({ orientation: 6 })
  .withExif({
    IFD0: { Make: 'HaatTestCamera', Model: 'Secret Model' },
    IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '18/1 31/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '73/1 51/1 0/1' },
  })
  .toBuffer();

/** A PNG 4000 × 1000: larger than `IMAGE_MAX_EDGE` on its long edge. */
export const LARGE_PNG = await solid(4000, 1000, 'png', '#27ae60');

/**
 * A PNG padded after its end to exactly `bytes` bytes: decoders stop at the image's
 * end, so it stays a readable image of any size (the 2 MB limit's edge).
 */
export function pngOfSize(bytes: number): Buffer {
  if (bytes < IMAGES.png.length) throw new Error(`a PNG cannot be under ${IMAGES.png.length} bytes`);
  return Buffer.concat([IMAGES.png, Buffer.alloc(bytes - IMAGES.png.length, 0)]);
}

/** The first bytes of a PNG and nothing readable after: recognised, then refused as unreadable. */
export const BROKEN_PNG = Buffer.concat([IMAGES.png.subarray(0, 8), Buffer.from('not really a png')]);

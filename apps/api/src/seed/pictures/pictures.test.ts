import * as icons from 'lucide-static';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderSvg } from '../../features/uploads/image-processing.js';
import { colourOf, PICTURE_EDGE, pictogramOf, productPictureSvg, wrapText } from './pictures.js';

describe('the demo store’s pictures', () => {
  it('draws a category by the words in its name, footwear before anything worn, and a parcel otherwise', () => {
    expect(pictogramOf('Footwear')).toBe(icons.Footprints);
    expect(pictogramOf('Clothing')).toBe(icons.Shirt);
    expect(pictogramOf("Vishudh Printed Women's Straight Kurta")).toBe(icons.Shirt);
    expect(pictogramOf('Kitchen & Dining')).toBe(icons.CookingPot);
    expect(pictogramOf('Something else entirely')).toBe(icons.Package);
  });

  it('paints a named colour as itself, and an unnamed one by a stable choice', () => {
    expect(colourOf('Navy Blue', 'Clothing')).toBe('#1e3a8a');
    expect(colourOf('Black', 'Clothing')).toBe('#1f2937');
    expect(colourOf(null, 'Clothing')).toBe(colourOf('Multicolor', 'Clothing'));
    expect(colourOf(null, 'Clothing')).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('wraps a name into lines, cutting what does not fit with an ellipsis', () => {
    expect(wrapText('AW Bellies', 26, 2)).toEqual(['AW Bellies']);
    expect(wrapText('Eternal Gandhi Super Series Crystal Paper Weights with Silver Finish', 26, 2)).toEqual([
      'Eternal Gandhi Super',
      'Series Crystal Paper…',
    ]);
    expect(wrapText('Supercalifragilisticexpialidocious', 10, 1)).toEqual(['Supercali…']);
  });

  it('escapes a name as text, and renders to a square WebP with its thumbnail', async () => {
    const svg = productPictureSvg({ name: 'Tom & Jerry <Mugs>', category: 'Kitchen', colour: 'Red', brand: 'Acme' });
    expect(svg).toContain('Tom &#38; Jerry &#60;Mugs&#62;');
    const picture = await renderSvg(svg);
    expect(await sharp(picture.data).metadata()).toMatchObject({
      format: 'webp',
      width: PICTURE_EDGE,
      height: PICTURE_EDGE,
    });
    expect(await sharp(picture.thumbnail).metadata()).toMatchObject({ format: 'webp', width: 320, height: 320 });
  });
});

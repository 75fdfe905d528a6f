import * as icons from 'lucide-static';

/**
 * The demo store's own pictures (issue 27, decision 0107): drawn as SVG from what the
 * catalog says of a product (its category's pictogram, its name, its colour) and
 * rendered by `sharp` (`renderSvg`), so the store shows real pictures with no network
 * and no third-party image host. Pictograms are Lucide's (ISC licence), as the app's
 * own icons.
 */

/** Edge of a product's or category's square picture, in pixels. */
export const PICTURE_EDGE = 480;
/** A banner's size, in pixels. */
export const BANNER_SIZE = { width: 1200, height: 400 } as const;

/** Lucide pictograms by words a category's name may hold; the first match wins. */
const PICTOGRAMS: ReadonlyArray<[RegExp, string]> = [
  [/footwear|shoe|sandal|slipper|boot/i, icons.Footprints],
  [/kurta|clothing|dress|shirt|stole|wear|apparel/i, icons.Shirt],
  [/jewel|ring|necklace|earring|bangle/i, icons.Gem],
  [/watch/i, icons.Watch],
  [/kitchen|dining|cook/i, icons.CookingPot],
  [/furnishing|bed|curtain|cushion/i, icons.BedDouble],
  [/decor|festive|plant|paper weight|candle/i, icons.Flower2],
  [/mobile|phone|lcd/i, icons.Smartphone],
  [/sport|fitness|running/i, icons.Dumbbell],
  [/pen|stationery|school/i, icons.PenTool],
  [/beauty|personal care/i, icons.Sparkles],
  [/bag|wallet|belt|clutch/i, icons.ShoppingBag],
  [/baby/i, icons.Baby],
  [/furniture|sofa|chair/i, icons.Armchair],
  [/automotive|car|bike/i, icons.Car],
  [/toy/i, icons.ToyBrick],
  [/sunglass|glasses/i, icons.Glasses],
  [/pet/i, icons.PawPrint],
  [/tool|hardware|pump|controller|sensor/i, icons.Wrench],
  [/sound|mixer|audio|speaker/i, icons.Speaker],
  [/food|nutrition/i, icons.Apple],
  [/computer|laptop/i, icons.Laptop],
  [/home/i, icons.House],
];

/** The pictogram (a Lucide SVG document) of a category's name; a parcel when nothing matches. */
export function pictogramOf(category: string): string {
  return PICTOGRAMS.find(([words]) => words.test(category))?.[1] ?? icons.Package;
}

/** The drawing inside a Lucide SVG document (its paths and shapes, on a 24 × 24 grid). */
function drawingOf(svg: string): string {
  return svg.replace(/^[\s\S]*?<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
}

/** Colours a catalog names, as the pictures draw them. */
const NAMED_COLOURS: ReadonlyArray<[RegExp, string]> = [
  [/navy/i, '#1e3a8a'],
  [/maroon|wine/i, '#7f1d1d'],
  [/black/i, '#1f2937'],
  [/white|cream|off.?white/i, '#78716c'],
  [/red/i, '#dc2626'],
  [/blue/i, '#2563eb'],
  [/green|olive/i, '#15803d'],
  [/yellow|mustard/i, '#ca8a04'],
  [/orange/i, '#ea580c'],
  [/pink|magenta/i, '#db2777'],
  [/purple|violet|lavender/i, '#7c3aed'],
  [/brown|tan|coffee/i, '#92400e'],
  [/gold/i, '#b45309'],
  [/silver|steel/i, '#64748b'],
  [/gr[ae]y/i, '#4b5563'],
  [/beige|khaki/i, '#a16207'],
];

/** Colours for a picture whose colour the catalog does not name, chosen by its name. */
const PALETTE = ['#0f766e', '#7c3aed', '#c2410c', '#1d4ed8', '#be185d', '#15803d', '#a16207', '#4338ca'];

/** A stable small number for `text` (FNV-1a), to choose a palette colour. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** The colour a picture is drawn in: the catalog's colour when it names one we know, else one chosen by `fallbackKey`. */
export function colourOf(colour: string | null | undefined, fallbackKey: string): string {
  const named = colour ? NAMED_COLOURS.find(([words]) => words.test(colour))?.[1] : undefined;
  return named ?? (PALETTE[hashOf(fallbackKey) % PALETTE.length] as string);
}

/** `#rrggbb` mixed with white: `amount` 0 is the colour, 1 is white. */
function tint(hex: string, amount: number): string {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16);
    return Math.round(value + (255 - value) * amount)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(1)}${channel(3)}${channel(5)}`;
}

/** Text safe inside SVG markup. */
function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** `text` broken into at most `maxLines` lines of about `width` characters, the last cut with an ellipsis. */
export function wrapText(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.trim().split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (candidate.length <= width || !line) {
      line = candidate.length > width ? `${candidate.slice(0, width - 1)}…` : candidate;
      continue;
    }
    lines.push(line);
    line = word.length > width ? `${word.slice(0, width - 1)}…` : word;
    if (lines.length === maxLines) break;
  }
  if (line && lines.length < maxLines) lines.push(line);
  const whole = lines.join(' ').replace(/…/g, '');
  const last = lines.length - 1;
  if (lines.length === maxLines && whole.length < text.trim().length && !lines[last]?.endsWith('…')) {
    lines[last] = `${(lines[last] as string).slice(0, width - 1).trimEnd()}…`;
  }
  return lines;
}

const FONT = 'DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif';

/** The pictogram drawn `size` px wide at (`x`, `y`) in `colour`. */
function pictogram(svg: string, x: number, y: number, size: number, colour: string): string {
  const scale = size / 24;
  return `<g transform="translate(${x} ${y}) scale(${scale})" fill="none" stroke="${colour}" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round">${drawingOf(svg)}</g>`;
}

/** A product's picture: its category's pictogram on its colour, its name and its brand under it. */
export function productPictureSvg(product: {
  name: string;
  category: string;
  colour?: string | null;
  brand?: string | null;
}): string {
  const colour = colourOf(product.colour, product.category);
  const lines = wrapText(product.name, 26, 2);
  const caption = [product.brand && product.brand !== 'Unknown' ? product.brand : null, product.category]
    .filter(Boolean)
    .join(' · ');
  const text = lines
    .map((line, index) => `<tspan x="320" dy="${index === 0 ? 0 : 40}">${escapeXml(line)}</tspan>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PICTURE_EDGE}" height="${PICTURE_EDGE}" viewBox="0 0 640 640">
<rect width="640" height="640" fill="${tint(colour, 0.88)}"/>
<circle cx="320" cy="235" r="165" fill="${tint(colour, 0.7)}"/>
${pictogram(pictogramOf(product.category), 200, 115, 240, colour)}
<rect y="450" width="640" height="190" fill="#ffffff"/>
<rect y="450" width="640" height="6" fill="${colour}"/>
<text x="320" y="515" font-family="${FONT}" font-size="32" font-weight="700" fill="#111827" text-anchor="middle">${text}</text>
<text x="320" y="605" font-family="${FONT}" font-size="22" fill="#4b5563" text-anchor="middle">${escapeXml(wrapText(caption, 44, 1)[0] ?? '')}</text>
</svg>`;
}

/** A category's picture: its pictogram and its name. */
export function categoryPictureSvg(name: string): string {
  const colour = colourOf(null, name);
  const lines = wrapText(name, 22, 2);
  const text = lines
    .map((line, index) => `<tspan x="320" dy="${index === 0 ? 0 : 46}">${escapeXml(line)}</tspan>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PICTURE_EDGE}" height="${PICTURE_EDGE}" viewBox="0 0 640 640">
<rect width="640" height="640" fill="${colour}"/>
<circle cx="320" cy="250" r="170" fill="${tint(colour, 0.85)}"/>
${pictogram(pictogramOf(name), 195, 125, 250, colour)}
<text x="320" y="520" font-family="${FONT}" font-size="40" font-weight="700" fill="#ffffff" text-anchor="middle">${text}</text>
</svg>`;
}

/** A storefront banner: a headline and a line under it beside the pictogram of `category`. */
export function bannerSvg(banner: { headline: string; line: string; category: string }): string {
  const colour = colourOf(null, banner.category);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${BANNER_SIZE.width}" height="${BANNER_SIZE.height}" viewBox="0 0 1200 400">
<rect width="1200" height="400" fill="${colour}"/>
<circle cx="960" cy="200" r="260" fill="${tint(colour, 0.2)}"/>
${pictogram(pictogramOf(banner.category), 840, 80, 240, '#ffffff')}
<text x="80" y="185" font-family="${FONT}" font-size="64" font-weight="700" fill="#ffffff">${escapeXml(wrapText(banner.headline, 22, 1)[0] ?? '')}</text>
<text x="80" y="255" font-family="${FONT}" font-size="32" fill="${tint(colour, 0.85)}">${escapeXml(wrapText(banner.line, 40, 1)[0] ?? '')}</text>
</svg>`;
}

/** The store's logo: its name in its colours (480 × 160). */
export function logoSvg(name: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="160" viewBox="0 0 480 160">
<rect width="480" height="160" rx="24" fill="#1e1b4b"/>
${pictogram(icons.Store, 40, 40, 80, '#ec4899')}
<text x="150" y="108" font-family="${FONT}" font-size="72" font-weight="700" fill="#ffffff">${escapeXml(name)}</text>
</svg>`;
}

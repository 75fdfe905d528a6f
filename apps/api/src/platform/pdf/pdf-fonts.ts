import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';

/**
 * The fonts of every PDF the store writes (decision 0142). pdfkit's bundled fonts are the
 * fourteen standard PDF fonts in WinAnsi encoding: they have no ₹ (U+20B9), no Devanagari
 * and few accented letters, so a total in rupees or a customer named "अनन्या" or
 * "Ānanda" would print as gaps. The writer embeds Poppins instead (SIL OFL 1.1,
 * `apps/api/assets/fonts/`), three subsets of it per weight: each character of a text is
 * drawn with the first subset that has it (Latin, then Latin Extended, then Devanagari);
 * a character none has (Tamil, Bengali...) is drawn as `?` rather than as an empty box.
 */

/** A weight of the text. */
export type PdfWeight = 'regular' | 'bold';

/** The subsets, in the order a character is looked for. */
const SUBSETS = ['latin', 'latin-ext', 'devanagari'] as const;

/** A face: a subset in a weight, by its registered name (`latin-regular`...). */
export interface PdfFace {
  name: string;
  file: string;
  weight: PdfWeight;
}

/** Every face, the regular ones first, each weight's in lookup order. */
export const PDF_FACES: readonly PdfFace[] = (['regular', 'bold'] as const).flatMap((weight) =>
  SUBSETS.map((subset) => ({
    name: `${subset}-${weight}`,
    file: `poppins-${subset}-${weight === 'bold' ? 700 : 400}-normal.woff`,
    weight,
  })),
);

/**
 * The folder of the font files: `apps/api/assets/fonts`, found by walking up from this
 * module, which sits at different depths in the sources (`src/platform/pdf/`), tsc's
 * output (`dist/tsc/platform/pdf/`) and the bundled server (`dist/` or `dist/chunks/`).
 */
function fontFolder(): string {
  let folder = dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 6; depth += 1) {
    const candidate = join(folder, 'assets', 'fonts');
    if (existsSync(join(candidate, PDF_FACES[0]?.file ?? ''))) return candidate;
    folder = dirname(folder);
  }
  throw new Error('The PDF fonts (apps/api/assets/fonts) are missing');
}

/**
 * A WOFF 1.0 font unwrapped into the TrueType/OpenType file it packs (its tables
 * inflated with Node's zlib). pdfkit reads WOFF through fontkit's JavaScript inflate,
 * which cost about 100 ms per document when every document parsed its fonts again (each
 * face is now parsed once per process, `PdfFontSet.parsed`); a plain font costs it
 * nothing. https://www.w3.org/TR/WOFF/
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('Not a WOFF font');
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, index) => {
    const at = 44 + index * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compLength = woff.readUInt32BE(at + 8);
    const origLength = woff.readUInt32BE(at + 12);
    const packed = woff.subarray(offset, offset + compLength);
    return {
      tag: woff.subarray(at, at + 4),
      checksum: woff.readUInt32BE(at + 16),
      data: compLength < origLength ? inflateSync(packed) : packed,
    };
  });
  let power = 1;
  while (power * 2 <= numTables) power *= 2;
  const head = Buffer.alloc(12 + 16 * numTables);
  head.writeUInt32BE(flavor, 0);
  head.writeUInt16BE(numTables, 4);
  head.writeUInt16BE(power * 16, 6);
  head.writeUInt16BE(Math.log2(power), 8);
  head.writeUInt16BE(numTables * 16 - power * 16, 10);
  const parts: Buffer[] = [head];
  let offset = head.length;
  tables.forEach((table, index) => {
    const record = 12 + index * 16;
    table.tag.copy(head, record);
    head.writeUInt32BE(table.checksum, record + 4);
    head.writeUInt32BE(offset, record + 8);
    head.writeUInt32BE(table.data.length, record + 12);
    const padded = Buffer.alloc(Math.ceil(table.data.length / 4) * 4);
    table.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

/**
 * A face's font as fontkit parsed it: what pdfkit's `registerFont` takes instead of a
 * file (pdfkit 0.20 accepts any object with `layout`), so no document parses it again.
 */
export type PdfParsedFont = object & { layout: (...args: never[]) => unknown };

/** The faces' files and which characters each has, read once per process. */
export interface PdfFontSet {
  /** Each face's font file (TrueType, unwrapped from its WOFF), by face name. */
  files: Map<string, Buffer>;
  /**
   * Each face parsed once per process (fontkit's font object), by face name: what every
   * document registers. Parsing a face's tables (cmap, GSUB, GPOS, glyph metrics) per
   * document was about half the time of a one-page invoice (issue 35 'Scale'); fontkit's
   * calls are synchronous and leave the font unchanged apart from its own caches of
   * decoded tables and glyphs, so documents written at the same time may share it. Each
   * document still subsets the glyphs it drew into its own file.
   */
  parsed: Map<string, PdfParsedFont>;
  /** The face each code point is drawn with, per weight; `undefined` when none has it. */
  faceOf(codePoint: number, weight: PdfWeight): string | undefined;
  /** True when the face named `face` has `codePoint`. */
  has(face: string, codePoint: number): boolean;
}

let loaded: PdfFontSet | undefined;

/**
 * The font set, loaded at its first use (about 140 KB read, once per process). Which
 * code points a face has is read from the font itself through pdfkit's embedded font
 * (fontkit's `characterSet`), on a document made for that purpose only; that embedded
 * font's fontkit object is kept as the face's `parsed` font.
 */
export function pdfFonts(): PdfFontSet {
  if (loaded) return loaded;
  const folder = fontFolder();
  const files = new Map(PDF_FACES.map((face) => [face.name, woffToSfnt(readFileSync(join(folder, face.file)))]));
  const probe = new PDFDocument({ autoFirstPage: false });
  const coverage = new Map<string, Set<number>>();
  const parsed = new Map<string, PdfParsedFont>();
  for (const face of PDF_FACES) {
    probe.registerFont(face.name, files.get(face.name) as Buffer);
    probe.font(face.name);
    const embedded = (probe as unknown as { _font?: { font?: PdfParsedFont & { characterSet?: number[] } } })._font
      ?.font;
    if (!embedded?.characterSet || typeof embedded.layout !== 'function')
      throw new Error(`pdfkit did not expose the font of ${face.file}`);
    coverage.set(face.name, new Set(embedded.characterSet));
    parsed.set(face.name, embedded);
  }
  probe.end();
  const cache = { regular: new Map<number, string | undefined>(), bold: new Map<number, string | undefined>() };
  loaded = {
    files,
    parsed,
    faceOf(codePoint, weight) {
      const known = cache[weight];
      if (known.has(codePoint)) return known.get(codePoint);
      const face = PDF_FACES.find(
        (candidate) => candidate.weight === weight && coverage.get(candidate.name)?.has(codePoint),
      );
      known.set(codePoint, face?.name);
      return face?.name;
    },
    has: (face, codePoint) => coverage.get(face)?.has(codePoint) ?? false,
  };
  return loaded;
}

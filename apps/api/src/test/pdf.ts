import { inflateSync } from 'node:zlib';

/** Light readings of a PDF for tests (decision 0142): its page count and its streams' text. */

/** The page count a PDF's page tree declares. */
export function pageCountOf(pdf: Buffer): number {
  const counts = [...pdf.toString('latin1').matchAll(/\/Type \/Pages\s[^>]*?\/Count (\d+)/g)].map((match) =>
    Number(match[1]),
  );
  return Math.max(0, ...counts);
}

/** The text of every stream of a PDF, inflated where it is compressed (content, ToUnicode maps). */
export function streamsOf(pdf: Buffer): string {
  const text = pdf.toString('latin1');
  const out: string[] = [];
  for (const match of text.matchAll(/stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const end = text.indexOf('endstream', start);
    const bytes = pdf.subarray(start, end);
    try {
      out.push(inflateSync(bytes).toString('latin1'));
    } catch {
      out.push(bytes.toString('latin1'));
    }
  }
  return out.join('\n');
}

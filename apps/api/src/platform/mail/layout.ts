import type { MailBrand, MailContent } from './template.js';

/** Escapes text for HTML (element content and double-quoted attributes). */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/**
 * A mail's HTML and plain text from a template's content, in the store's name and
 * colours (decision 0125). Every value is escaped; a colour that is not `#RGB`/`#RRGGBB`
 * falls back to the default, so nothing from the configuration reaches the style raw.
 */
export function renderLayout(content: MailContent, brand: MailBrand): { html: string; text: string } {
  const background = HEX.test(brand.backgroundColor) ? brand.backgroundColor : '#FF0000';
  const foreground = HEX.test(brand.textColor) ? brand.textColor : '#FFFFFF';
  const link = content.action ? `${brand.publicUrl}${content.action.path}` : null;
  const html = [
    '<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">',
    `<title>${escapeHtml(content.heading)}</title></head>`,
    '<body style="margin:0;padding:0;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;overflow:hidden">',
    `<tr><td style="background:${background};color:${foreground};padding:16px 24px;font-size:20px;font-weight:bold">${escapeHtml(brand.storeName)}</td></tr>`,
    '<tr><td style="padding:24px">',
    `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(content.heading)}</h1>`,
    ...content.paragraphs.map((p) => `<p style="margin:0 0 12px;line-height:1.5">${escapeHtml(p)}</p>`),
    content.items && content.items.length > 0
      ? `<ul style="margin:0 0 12px;padding-left:20px">${content.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`
      : '',
    link && content.action
      ? `<p style="margin:16px 0"><a href="${escapeHtml(link)}" style="display:inline-block;background:${background};color:${foreground};padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(content.action.label)}</a></p><p style="font-size:12px;color:#52525b;word-break:break-all">${escapeHtml(link)}</p>`
      : '',
    '</td></tr>',
    `<tr><td style="padding:16px 24px;font-size:12px;color:#71717a">${escapeHtml(brand.storeName)}</td></tr>`,
    '</table></td></tr></table></body></html>',
  ].join('');
  const text = [
    brand.storeName,
    '',
    content.heading,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.items && content.items.length > 0 ? [...content.items.map((item) => `- ${item}`), ''] : []),
    ...(link && content.action ? [`${content.action.label}: ${link}`, ''] : []),
  ].join('\n');
  return { html, text };
}

/** Plain text of rich text from the API, for descriptions and structured data (never for showing HTML). */
import sanitizeHtml from 'sanitize-html';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** The text of an HTML fragment, whitespace collapsed, cut at `max` characters with an ellipsis. */
export function plainText(html: string, max = Infinity): string {
  const text = sanitizeHtml(html.replace(/<\/(p|li|h\d|tr|td|th|blockquote)>/gi, '$& '), { allowedTags: [], allowedAttributes: {} })
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e: string) => ENTITIES[e]!)
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The `<h2>` headings of an article as plain text, their ordinal prefix (一、 1. 第一步：) dropped: the steps of a process article. */
export function stepHeadings(html: string): string[] {
  return [...html.matchAll(/<h2\b[^>]*>([\s\S]*?)<\/h2>/gi)]
    .map((m) =>
      plainText(m[1]!)
        .replace(/^(第?[一二三四五六七八九十\d]+[、.．：:)）步]\s*)/, '')
        .trim(),
    )
    .filter(Boolean);
}

/** Rich text from the back office, cleaned on the server with an allow-list before it reaches a page (docs/architecture.md §7). */
import sanitizeHtml from 'sanitize-html';

/** The box an image without usable width/height reserves (16:9): the page does not jump when it loads or when it is missing. */
export const DEFAULT_IMAGE_BOX = { width: 800, height: 450 } as const;
/** Bigger numbers are typos or attacks on layout, not pictures. */
const MAX_IMAGE_SIDE = 4000;
const TRACK_KINDS = new Set(['subtitles', 'captions', 'descriptions', 'chapters', 'metadata']);
/** What a screen reader hears on the scroll box of a wide table. */
export const TABLE_LABEL = '表格（可左右滑动查看）';

/** A width/height attribute as a whole number of CSS pixels, or null when absent, zero, not a plain number or absurd. */
function dimension(value: string | undefined): number | null {
  if (!value || !/^\s*\d{1,5}(\.\d+)?\s*(px)?\s*$/i.test(value)) return null;
  const n = Math.round(Number.parseFloat(value));
  return n > 0 && n <= MAX_IMAGE_SIDE ? n : null;
}

/** Width and height of an image: both given, one given (the other from 16:9), or the default box. */
export function imageBox(width: string | undefined, height: string | undefined): { width: number; height: number } {
  const w = dimension(width);
  const h = dimension(height);
  if (w && h) return { width: w, height: h };
  if (w) return { width: w, height: Math.round((w * DEFAULT_IMAGE_BOX.height) / DEFAULT_IMAGE_BOX.width) };
  if (h) return { width: Math.round((h * DEFAULT_IMAGE_BOX.width) / DEFAULT_IMAGE_BOX.height), height: h };
  return { ...DEFAULT_IMAGE_BOX };
}

/** sanitize-html 2.17 options; its type definitions lack `allowedEmptyAttributes`, which the library honours. */
const OPTIONS: sanitizeHtml.IOptions & { allowedEmptyAttributes: string[] } = {
  allowedTags: [
    'p',
    'br',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
    'hr',
    'span',
    'code',
    'pre',
    'figure',
    'figcaption',
    'video',
    'source',
    'track',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'loading', 'decoding'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    video: ['src', 'controls', 'poster', 'width', 'height', 'preload'],
    source: ['src', 'type'],
    track: ['kind', 'src', 'srclang', 'label', 'default'],
  },
  allowedEmptyAttributes: ['alt', 'controls', 'default'],
  // Void elements are written without an end tag (`</source>` and `</track>` are invalid HTML).
  selfClosing: ['img', 'br', 'hr', 'source', 'track'],
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  // Media only from the web (or site-relative): no data:, blob: or script URLs, poster included (sanitize-html checks src and poster).
  allowedSchemesByTag: { img: ['http', 'https'], video: ['http', 'https'], source: ['http', 'https'], track: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // Links that leave the site open in a new tab without handing it our window or our address.
    a: (tagName, attribs) => {
      const external = /^https?:\/\//i.test(attribs.href ?? '');
      const { target: _t, rel: _r, ...rest } = attribs;
      return { tagName, attribs: external ? { ...rest, target: '_blank', rel: 'noopener noreferrer nofollow' } : rest };
    },
    // Every picture reserves its box (no layout shift, a missing one keeps its place), loads late and decodes off the main thread.
    img: (tagName, attribs) => {
      const { width, height } = imageBox(attribs.width, attribs.height);
      return {
        tagName,
        attribs: { ...attribs, alt: attribs.alt ?? '', width: String(width), height: String(height), loading: 'lazy', decoding: 'async' },
      };
    },
    video: (tagName, attribs) => ({ tagName, attribs: { ...attribs, controls: '', preload: 'none' } }),
    // A caption track with an unknown kind would be ignored by the browser; keep the markup valid instead.
    track: (tagName, attribs) => {
      const kind = (attribs.kind ?? '').toLowerCase();
      const { kind: _k, default: isDefault, ...rest } = attribs;
      return {
        tagName,
        attribs: {
          ...(TRACK_KINDS.has(kind) ? { kind } : { kind: 'captions' }),
          ...rest,
          ...(isDefault !== undefined ? { default: '' } : {}),
        },
      };
    },
  },
};

/**
 * Wide tables scroll inside the article on phones: each table sits in a focusable, labelled scroll box (keyboard users can
 * scroll it too). Done on the sanitized output, where a literal `<table` or `</table>` can only be a tag: text and attribute
 * values have their `<` escaped.
 */
function wrapTables(html: string): string {
  if (!html.includes('<table')) return html;
  return html
    .replace(/<table\b/g, `<div class="rt-table" role="region" tabindex="0" aria-label="${TABLE_LABEL}"><table`)
    .replace(/<\/table>/g, '</table></div>');
}

export function sanitizeRichText(html: string): string {
  let clean = recent.get(html);
  if (clean === undefined) {
    clean = wrapTables(sanitizeHtml(html, OPTIONS));
    if (recent.size >= RECENT_MAX) recent.delete(recent.keys().next().value!);
    recent.set(html, clean);
  }
  return clean;
}

/** On-demand goods pages render the same descriptions again and again; sanitizing one costs about 0.3-0.7 ms, a real share of a 2 ms render budget (measured). */
const RECENT_MAX = 300;
const recent = new Map<string, string>();

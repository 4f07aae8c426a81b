/**
 * Media read out of an article's rich text: the player of an operation video (the page renders the `<video>` itself, with
 * its captions `<track>`, which the rich-text allow-list does not keep yet) and the certificate pictures (shown zoomable);
 * the rest of the text goes through RichText.
 */
import sanitizeHtml from 'sanitize-html';

export interface VideoTrack {
  src: string;
  srclang: string;
  label: string;
  kind: 'captions' | 'subtitles';
}
export interface VideoPlayer {
  src: string;
  poster?: string;
  tracks: VideoTrack[];
}

/** Same-site paths and https URLs only: no protocol-relative, javascript: or data: sources. */
export function safeMediaUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const v = value.trim();
  if (/^\/(?![/\\])[\w\-./%]*$/.test(v)) return v;
  if (/^https:\/\/[\w.-]+(:\d+)?\/[\w\-./%]*$/i.test(v)) return v;
  return undefined;
}

const LANG = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

/** The first `<video>` of an article with a playable source (its own src or a `<source>`), poster and caption tracks; null when none. */
export function extractVideo(html: string): VideoPlayer | null {
  let video: Record<string, string> | null = null;
  const sources: string[] = [];
  const tracks: VideoTrack[] = [];
  // Tags open in document order (transformTags) and close inner-first (exclusiveFilter): sources and tracks between the
  // first video's opening and closing belong to it.
  let capturing = false;
  sanitizeHtml(html, {
    allowedTags: ['video', 'source', 'track'],
    allowedAttributes: false,
    exclusiveFilter: (frame) => {
      if (frame.tag === 'video') capturing = false;
      return false;
    },
    transformTags: {
      video: (tagName, attribs) => {
        if (!video) {
          video = attribs;
          capturing = true;
        }
        return { tagName, attribs };
      },
      source: (tagName, attribs) => {
        const src = safeMediaUrl(attribs.src);
        if (src && capturing) sources.push(src);
        return { tagName, attribs };
      },
      track: (tagName, attribs) => {
        const src = safeMediaUrl(attribs.src);
        const kind = attribs.kind === 'subtitles' ? 'subtitles' : attribs.kind === 'captions' || !attribs.kind ? 'captions' : null;
        if (src && kind && capturing)
          tracks.push({
            src,
            kind,
            srclang: LANG.test(attribs.srclang ?? '') ? attribs.srclang! : 'zh',
            label: (attribs.label ?? '').slice(0, 20) || '中文',
          });
        return { tagName, attribs };
      },
    },
  });
  const found = video as Record<string, string> | null;
  if (!found) return null;
  const src = safeMediaUrl(found.src) ?? sources[0];
  if (!src) return null;
  return { src, poster: safeMediaUrl(found.poster), tracks };
}

/** The article's rich text without the given elements and their content (the page shows them itself); RichText sanitizes the rest. */
export function withoutTags(html: string, tags: readonly string[]): string {
  return sanitizeHtml(html, {
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    exclusiveFilter: (frame) => tags.includes(frame.tag),
  });
}

export interface Picture {
  src: string;
  alt: string;
}

/** The article's pictures with safe sources, and their alt text (the file name when the API gives none). */
export function extractImages(html: string): Picture[] {
  const out: Picture[] = [];
  sanitizeHtml(html, {
    allowedTags: ['img'],
    allowedAttributes: false,
    transformTags: {
      img: (tagName, attribs) => {
        const src = safeMediaUrl(attribs.src);
        if (src) out.push({ src, alt: (attribs.alt ?? '').trim() || (src.split('/').pop() ?? '').replace(/\.\w+$/, '') });
        return { tagName, attribs };
      },
    },
  });
  return out;
}

/** Shows the backend's simple HTML texts (protocols, privacy items) as plain paragraphs: parsed inertly, never injected as HTML. */
import { useMemo } from 'react';

/** Paragraph texts of an HTML fragment; DOMParser runs no scripts and loads nothing. */
function paragraphs(html: string): string[] {
  if (typeof DOMParser === 'undefined') return [html.replace(/<[^>]*>/g, ' ')];
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const blocks = Array.from(doc.body.querySelectorAll('p, li, h1, h2, h3, h4'));
  const texts = (blocks.length ? blocks : [doc.body]).map((el) => (el.textContent ?? '').trim()).filter(Boolean);
  return texts;
}

export default function RichTextView({ html }: { html: string }) {
  const list = useMemo(() => paragraphs(html), [html]);
  return (
    <div className="auth-text">
      {list.map((t, i) => (
        <p key={i}>{t}</p>
      ))}
    </div>
  );
}

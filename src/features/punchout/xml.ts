/**
 * The one way punchout reads XML: saxes (no DTD processing at all), a size limit before a byte is parsed, a document type
 * with an internal subset refused (entity declarations live there: the billion laughs and external entities), any entity
 * but XML's five predefined ones an error, and bounds on depth and element count. What comes out is a small element tree.
 */
import { SaxesParser } from 'saxes';
import { MAX_DOCUMENT_BYTES } from './rules.ts';

export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

export class XmlRefused extends Error {}

const MAX_DEPTH = 32;
const MAX_ELEMENTS = 20_000;

export function parseXml(source: string): XmlElement {
  if (Buffer.byteLength(source, 'utf8') > MAX_DOCUMENT_BYTES) throw new XmlRefused('文档过大');
  const parser = new SaxesParser({ xmlns: false, position: false });
  const root: XmlElement = { name: '#document', attrs: {}, children: [], text: '' };
  const stack: XmlElement[] = [root];
  let count = 0;
  parser.on('doctype', (doctype) => {
    // An internal subset is where ENTITY declarations live; cXML's own header names only the DTD's public address.
    if (doctype.includes('[') || /<!ENTITY/i.test(doctype)) throw new XmlRefused('不接受文档类型内部子集（实体声明）');
  });
  parser.on('opentag', (tag) => {
    if (++count > MAX_ELEMENTS || stack.length > MAX_DEPTH) throw new XmlRefused('文档结构过大');
    const el: XmlElement = { name: tag.name, attrs: { ...(tag.attributes as Record<string, string>) }, children: [], text: '' };
    stack.at(-1)!.children.push(el);
    stack.push(el);
  });
  parser.on('text', (t) => {
    const top = stack.at(-1)!;
    if (top !== root) top.text += t;
  });
  parser.on('cdata', (t) => {
    stack.at(-1)!.text += t;
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  try {
    parser.write(source).close();
  } catch (e) {
    if (e instanceof XmlRefused) throw e;
    throw new XmlRefused(`XML 格式错误：${(e as Error).message.split('\n')[0]?.slice(0, 120) ?? ''}`);
  }
  const doc = root.children[0];
  if (!doc) throw new XmlRefused('XML 格式错误：没有根元素');
  return doc;
}

/** The first descendant along a path of element names (`Header/From/Credential`), or null. */
export function pick(el: XmlElement | null | undefined, path: string): XmlElement | null {
  let at: XmlElement | null | undefined = el;
  for (const name of path.split('/')) {
    at = at?.children.find((c) => c.name === name);
    if (!at) return null;
  }
  return at ?? null;
}

export const pickAll = (el: XmlElement | null | undefined, name: string): XmlElement[] => el?.children.filter((c) => c.name === name) ?? [];

export const textOf = (el: XmlElement | null | undefined, path?: string): string => ((path ? pick(el, path) : el)?.text ?? '').trim();

/** Escapes text and attribute values. */
export const esc = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

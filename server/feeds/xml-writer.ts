/**
 * A small XML writer for the feeds and the sitemap: every text and attribute is escaped, and
 * the characters XML 1.0 forbids (most control characters, lone surrogates, U+FFFE and U+FFFF)
 * are left out, so a post's title can never break the document a feed reader or a search
 * engine parses.
 */

/** Everything XML 1.0's Char production does not allow (the u flag reads a lone surrogate as one code point). */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text made safe for an element's content or an attribute's value in double quotes. */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML_CHAR, '').replace(/[&<>"']/g, (character) => ENTITIES[character] ?? character);
}

export interface XmlElement {
  readonly name: string;
  readonly attributes?: Readonly<Record<string, string>>;
  /** Text children are escaped; undefined children (an optional field not there) are left out. */
  readonly children?: readonly (XmlElement | string | undefined)[];
}

/** An element: `xml('title', {}, post.title)`. */
export function xml(name: string, attributes: Readonly<Record<string, string>> = {}, ...children: (XmlElement | string | undefined)[]): XmlElement {
  return { name, attributes, children };
}

/** Names are ours, never a visitor's: a wrong one is a mistake in this code. */
const NAME = /^[A-Za-z_][\w.:-]*$/;

function checkedName(name: string): string {
  if (!NAME.test(name)) throw new Error(`Not an XML name: ${JSON.stringify(name)}`);
  return name;
}

function write(element: XmlElement, indent: string): string {
  const name = checkedName(element.name);
  const attributes = Object.entries(element.attributes ?? {})
    .map(([attribute, value]) => ` ${checkedName(attribute)}="${escapeXml(value)}"`)
    .join('');
  const children = (element.children ?? []).filter((child) => child !== undefined);
  if (children.length === 0) return `${indent}<${name}${attributes}/>`;
  // Text stays on the element's own line, so no white space is added to it.
  if (children.every((child) => typeof child === 'string')) return `${indent}<${name}${attributes}>${children.map(escapeXml).join('')}</${name}>`;
  const inner = children.map((child) => (typeof child === 'string' ? escapeXml(child) : write(child, `${indent}  `))).join('\n');
  return `${indent}<${name}${attributes}>\n${inner}\n${indent}</${name}>`;
}

/** A whole document in UTF-8, its declaration first. */
export function xmlDocument(root: XmlElement): string {
  return `<?xml version="1.0" encoding="utf-8"?>\n${write(root, '')}\n`;
}

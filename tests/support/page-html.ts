/**
 * Reading a page's HTML as a crawler does, without running it: the head's tags, the JSON-LD
 * blocks, the text. Deliberately small (the pages are ours, well formed): attribute values and
 * text are decoded from the five escapes the renderer writes, plus numeric ones.
 */

export function decodeEntities(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCodePoint(parseInt(code, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** Every `<meta name|property="…" content="…">`, by name (the last one wins). */
export function metaTags(html: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const [tag] of html.matchAll(/<meta\s[^>]*>/gi)) {
    const key = /\s(?:name|property)="([^"]*)"/i.exec(tag)?.[1];
    const content = /\scontent="([^"]*)"/i.exec(tag)?.[1];
    if (key && content !== undefined) tags.set(key, decodeEntities(content));
  }
  return tags;
}

export const titleOf = (html: string) => decodeEntities(/<title>([\s\S]*?)<\/title>/i.exec(html)?.[1] ?? '');
export const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)"/i.exec(html)?.[1];

/** The script elements as the HTML parser splits them: each one's attributes and text. */
export function scriptElements(html: string): Array<{ attributes: string; text: string }> {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].map(([, attributes = '', text = '']) => ({ attributes, text }));
}

/** The parsed JSON-LD blocks. */
export function jsonLdOf(html: string): unknown[] {
  return scriptElements(html)
    .filter((script) => /type="application\/ld\+json"/i.test(script.attributes))
    .map((script) => JSON.parse(script.text) as unknown);
}

/** The body's text as a browser without scripts shows it (tags and scripts removed, entities decoded). */
export function visibleText(html: string): string {
  const body = /<body[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html;
  return decodeEntities(
    body
      .replace(/<script\b[\s\S]*?<\/script>/gi, ' ')
      .replace(/<noscript\b[\s\S]*?<\/noscript>/gi, ' ')
      .replace(/<[^>]+>/g, ' '),
  )
    .replace(/\s+/g, ' ')
    .trim();
}

export const h1Of = (html: string) => decodeEntities(/<h1>([\s\S]*?)<\/h1>/i.exec(html)?.[1] ?? '');

/** The `<loc>`s of a sitemap. */
export const sitemapUrls = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map(([, loc]) => decodeEntities(loc!));

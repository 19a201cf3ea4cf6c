/**
 * Writing user input into HTML and into JSON-LD safely, and turning the SPA's built index.html
 * into a page of its own. Names, bios and methods are typed by tutors: every value goes through
 * `escapeHtml` (text and attribute values alike) or `jsonLdScript` (inside a script element).
 */

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text or a double- or single-quoted attribute's value. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

/** XML has the same five escapes (sitemap's URLs). */
export const escapeXml = escapeHtml;

/**
 * A JSON-LD block. JSON.stringify leaves `<`, `>` and `&` as they are, so `</script>` in a bio
 * would end the element: they are written as \u escapes (still the same JSON), as are U+2028 and
 * U+2029.
 */
export function jsonLdScript(data: unknown): string {
  const json = JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `<script type="application/ld+json">${json}</script>`;
}

/** Collapses whitespace and cuts at a word, with an ellipsis: a description's length. */
export function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > max * 0.6 ? cut.slice(0, atWord) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}

export interface ShellPage {
  /** Plain text; escaped here. */
  title: string;
  description: string;
  /** The `robots` meta's content ('index, follow' or 'noindex'). */
  robots: string;
  /** Tags added at the end of the head, already escaped. */
  head: string;
  /** What the SPA root holds before the app boots, already escaped. */
  root: string;
}

const TITLE = /<title>[\s\S]*?<\/title>/i;
const metaNamed = (name: string) => new RegExp(`<meta\\s+name="${name}"[^>]*>`, 'i');
/** The SPA's root, empty or with the splash web/index.html draws until the app starts. */
const ROOT = /<div id="root">(?:<div class="kalan-splash"[^>]*>(?:(?!<\/div>)[\s\S])*<\/div>)?<\/div>/;

/** The SPA's index.html with this page's title, description, robots meta, head tags and content. */
export function fromShell(shell: string, page: ShellPage): string {
  if (!ROOT.test(shell) || !/<\/head>/i.test(shell)) throw new Error('index.html has no <div id="root"> (empty or with its splash) or no </head>');
  const set = (html: string, pattern: RegExp, tag: string) => (pattern.test(html) ? html.replace(pattern, () => tag) : html.replace(/<\/head>/i, () => `${tag}\n</head>`));
  let html = shell;
  html = set(html, TITLE, `<title>${escapeHtml(page.title)}</title>`);
  html = set(html, metaNamed('description'), `<meta name="description" content="${escapeHtml(page.description)}" />`);
  html = set(html, metaNamed('robots'), `<meta name="robots" content="${escapeHtml(page.robots)}" />`);
  html = html.replace(/<\/head>/i, () => `${page.head}\n</head>`);
  return html.replace(ROOT, () => `<div id="root">${page.root}</div>`);
}

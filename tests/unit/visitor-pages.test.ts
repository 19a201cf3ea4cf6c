/**
 * The pre-rendered pages (functions/src/pages/render.ts): what a crawler or a link preview reads
 * without running a script, who is listed, and that user input never escapes its element. The
 * HTTP test on the local stack is tests/integration/visitor-pages.test.ts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PHOTO_LAYOUT, type TutorSummary } from '#shared';
import { renderPages, renderTutorPage, PRIVATE_PATHS } from '../../functions/src/pages/render.js';
import { pageKeyOf } from '../../functions/src/pages/page-keys.js';
import { SITE_ROUTING_CODE } from '../../infra/lib/web.js';
import { canonicalOf, h1Of, jsonLdOf, metaTags, scriptElements, sitemapUrls, titleOf, visibleText } from '../support/page-html.js';
import { tutor } from './search-fixtures.js';

const SITE = 'https://kalan.example';
/** web/index.html's root: its splash, drawn until the app starts. */
const SPLASH_ROOT = /<div id="root">.*<\/div>/.exec(readFileSync(path.resolve(import.meta.dirname, '../../web/index.html'), 'utf8'))![0];
/** The shape of the built index.html (web/index.html after vite build). */
const SHELL = `<!doctype html>
<html lang="fr">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="Kalan : la plateforme qui connecte parents et répétiteurs vérifiés en Côte d'Ivoire. Paiement sécurisé."
    />
    <meta name="robots" content="noindex" />
    <title>Kalan — Trouvez le répétiteur idéal</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body>
    <noscript>Kalan a besoin de JavaScript pour fonctionner.</noscript>
    ${SPLASH_ROOT}
  </body>
</html>
`;
const site = { siteUrl: SITE, shell: SHELL };
/** Amounts are grouped with a no-break space (shared/src/money.ts): compared here as plain spaces. */
const plain = (text: string | undefined) => text?.replace(/[\u00a0\u202f]/g, ' ');

const yao = tutor({
  id: 'tutor-yao',
  first_name: 'Yao',
  last_name: 'Kouassi',
  is_verified: true,
  subjects: ['Mathématiques', 'Physique'],
  levels: ['Lycée (2nde-Tle)'],
  location: 'cocody',
  hourly_rate: 5000,
  bio: 'Professeur de lycée, je prépare au BAC.',
  experience: '5-10ans',
  profile_image_url: 'user-yao/profile_photo_1700000000000_0b8f6a1e-1f2a-4c3b-9d4e-5f6a7b8c9d0e.jpg',
  profile_image_layout: PHOTO_LAYOUT,
});

describe('a tutor page', () => {
  const html = renderTutorPage(yao, site);
  const tags = metaTags(html);

  it('names the tutor as visitors see them (first name and initial), never the full name', () => {
    expect(h1Of(html)).toBe('Yao K.');
    expect(html).not.toContain('Kouassi');
    expect(titleOf(html)).toBe('Yao K. — Mathématiques, Physique · Cocody | Kalan');
  });

  it('carries its Open Graph and Twitter tags: name, subjects, zone, rate in FCFA, the photo through the CDN, the canonical URL', () => {
    expect(plain(tags.get('og:title'))).toBe('Yao K. · Mathématiques, Physique · Cocody · 5 000 FCFA/h');
    expect(tags.get('og:type')).toBe('profile');
    expect(tags.get('og:locale')).toBe('fr_FR');
    expect(tags.get('og:url')).toBe(`${SITE}/tutors/tutor-yao`);
    expect(canonicalOf(html)).toBe(`${SITE}/tutors/tutor-yao`);
    // The JPEG share image (WhatsApp and SMS apps preview JPEG, not always WebP), named by the photo's id alone.
    expect(tags.get('og:image')).toBe(`${SITE}/photos/0b8f6a1e-1f2a-4c3b-9d4e-5f6a7b8c9d0e/share.jpg`);
    expect(tags.get('og:image:type')).toBe('image/jpeg');
    expect(tags.get('og:image:width')).toBe('600');
    expect(tags.get('og:image:height')).toBe('600');
    expect(tags.get('og:image:alt')).toBe('Photo de Yao K.');
    expect(tags.get('twitter:image')).toBe(tags.get('og:image'));
    expect((jsonLdOf(html)[0] as { image?: string }).image).toBe(tags.get('og:image'));
    // The page's own photo is the 288 px WebP; no address on the page names the account.
    expect(html).toContain('src="/photos/0b8f6a1e-1f2a-4c3b-9d4e-5f6a7b8c9d0e/288.webp"');
    expect(html).not.toContain('user-yao');
    expect(tags.get('twitter:card')).toBe('summary');
    expect(tags.get('twitter:title')).toBe(tags.get('og:title'));
    expect(plain(tags.get('description'))).toBe(
      'Yao K. donne des cours de mathématiques et de physique à Cocody : 5 000 FCFA/h. Profil vérifié sur Kalan. Professeur de lycée, je prépare au BAC.',
    );
    expect(tags.get('og:description')).toBe(tags.get('description'));
    expect(tags.get('robots')).toBe('index, follow, max-image-preview:large');
  });

  it('shows a default image when the photo has no variants yet (never the original, which is private)', () => {
    const withoutVariants = metaTags(renderTutorPage({ ...yao, profile_image_layout: undefined }, site));
    expect(withoutVariants.get('og:image')).toBe(`${SITE}/kalan-partage.png`);
    expect(withoutVariants.get('og:image:type')).toBe('image/png');
    // A catalogue entry from before layout 2 (its variants under the account's id, no share image): not ready either.
    const legacy = { ...yao, profile_image_layout: undefined, profile_image_ready: true } as TutorSummary;
    const legacyPage = renderTutorPage(legacy, site);
    expect(metaTags(legacyPage).get('og:image')).toBe(`${SITE}/kalan-partage.png`);
    expect(legacyPage).not.toContain('/photos/');
    expect(metaTags(renderTutorPage({ ...yao, profile_image_layout: 1 }, site)).get('og:image')).toBe(`${SITE}/kalan-partage.png`);
  });

  it('holds its text in the HTML, inside the SPA root, before any script runs', () => {
    const root = /<div id="root">([\s\S]*?)<\/div>\s*<\/body>/.exec(html)?.[1] ?? '';
    const text = plain(visibleText(`<body>${root}</body>`))!;
    for (const fact of ['Yao K.', 'Mathématiques', 'Physique', 'Cocody', '5 000 FCFA/h', 'Professeur de lycée, je prépare au BAC.', '5 à 10 ans']) {
      expect(text).toContain(fact);
    }
    expect(text).toContain('Cours de mathématiques à Cocody');
    expect(html).toContain('href="/repetiteurs/mathematiques/cocody"');
    // The SPA boots on it: its entry script is still there.
    expect(html).toContain('src="/assets/index-abc123.js"');
    // …in place of the splash the SPA's own index.html shows until it starts.
    expect(SPLASH_ROOT).toContain('kalan-splash');
    expect(root).not.toContain('kalan-splash');
  });

  it('describes a Person offering a Service at an hourly price in XOF, and no rating (the catalogue has none)', () => {
    const [person] = jsonLdOf(html) as Array<Record<string, any>>;
    expect(person).toMatchObject({ '@context': 'https://schema.org', '@type': 'Person', name: 'Yao K.', url: `${SITE}/tutors/tutor-yao` });
    expect(person!.makesOffer).toMatchObject({
      '@type': 'Offer',
      price: 5000,
      priceCurrency: 'XOF',
      itemOffered: { '@type': 'Service', name: 'Cours de mathématiques et de physique' },
    });
    expect(JSON.stringify(person)).not.toMatch(/aggregateRating|ratingValue/);
    expect(JSON.stringify(person)).not.toContain('Kouassi');
  });

  it('keeps user input inside its element: a bio with </script><script> and a name with quotes and tags', () => {
    const hostile = renderTutorPage(
      {
        ...yao,
        first_name: 'Yao"><script>alert(1)</script>',
        bio: 'Bonjour</script><script>alert(document.cookie)</script><img src=x onerror=alert(2)> & “guillemets” \u2028fin',
        teaching_method: '<!-- --><style>body{display:none}</style>',
      },
      site,
    );
    // The shell's module script and the JSON-LD block: no third script element, no handler attribute.
    expect(scriptElements(hostile).map((script) => script.attributes.trim())).toEqual([
      'type="module" crossorigin src="/assets/index-abc123.js"',
      'type="application/ld+json"',
    ]);
    expect(hostile).not.toMatch(/<img src=x|<style>body\{display|<!-- -->/);
    const [person] = jsonLdOf(hostile) as Array<Record<string, any>>;
    expect(person!.description).toContain('Bonjour</script><script>alert(document.cookie)</script>');
    expect(person!.name).toBe('Yao"><script>alert(1)</script> K.');
    expect(metaTags(hostile).get('og:title')).toMatch(/^Yao"><script>alert\(1\)<\/script> K\. · /);
    expect(h1Of(hostile)).toBe('Yao"><script>alert(1)</script> K.');
    expect(hostile).toContain('<h1>Yao&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; K.</h1>');
  });
});

describe('the pages of a catalogue', () => {
  const unverified = tutor({ id: 'tutor-awa', first_name: 'Awa', is_verified: false, subjects: ['Mathématiques'], location: 'cocody', hourly_rate: 3000 });
  const hidden = { ...tutor({ id: 'tutor-hid', first_name: 'Cachée', is_verified: true, subjects: ['Mathématiques'], location: 'cocody', hourly_rate: 4000 }), hidden_from_visitors: true } as TutorSummary;
  const remote = tutor({ id: 'tutor-rem', first_name: 'Koffi', last_name: 'Yao', is_verified: true, subjects: ['Anglais'], location: 'distance', hourly_rate: 6000 });
  const files = renderPages([yao, unverified, hidden, remote], site);

  it('pre-renders only the tutors listed publicly; an unverified or hidden tutor gets the bare SPA (noindex, no name)', () => {
    expect(files.get('tutors/tutor-yao')?.body).toContain('<h1>Yao K.</h1>');
    for (const key of ['tutors/tutor-awa', 'tutors/tutor-hid']) {
      expect(files.get(key)?.body).toBe(SHELL);
      expect(metaTags(SHELL).get('robots')).toBe('noindex');
    }
  });

  it('makes a town × subject page only where a listed tutor teaches it, linking to their pages', () => {
    const page = files.get('repetiteurs/mathematiques/cocody')!.body;
    expect(h1Of(page)).toBe('Cours de mathématiques à Cocody');
    expect(plain(visibleText(page))).toContain('1 répétiteur vérifié donne des cours de mathématiques à Cocody dès 5 000 FCFA/h.');
    expect(page).toContain('<a class="name" href="/tutors/tutor-yao">Yao K.</a>');
    expect(page).not.toMatch(/tutor-awa|tutor-hid|Cachée/);
    const [list] = jsonLdOf(page) as Array<Record<string, any>>;
    expect(list).toMatchObject({ '@type': 'ItemList', numberOfItems: 1, itemListElement: [{ position: 1, url: `${SITE}/tutors/tutor-yao` }] });
    expect(files.has('repetiteurs/physique/cocody')).toBe(true);
    // Remote lessons are no town; nobody listed teaches mathematics at Yopougon.
    expect([...files.keys()].filter((key) => key.startsWith('repetiteurs/'))).toEqual(['repetiteurs/mathematiques/cocody', 'repetiteurs/physique/cocody']);
  });

  it('lists in the sitemap exactly the listed tutors and the non-empty town × subject pages, as absolute URLs', () => {
    expect(sitemapUrls(files.get('sitemap.xml')!.body)).toEqual([
      `${SITE}/tutors/tutor-rem`,
      `${SITE}/tutors/tutor-yao`,
      `${SITE}/repetiteurs/mathematiques/cocody`,
      `${SITE}/repetiteurs/physique/cocody`,
    ]);
  });

  it("makes pages for every commune and town (issue 33), with their ids as paths and their French names: 'à Port-Bouët', 'au Plateau', 'à Bouaké'", () => {
    const at = (id: string, location: string, subjects: string[]) => tutor({ id, first_name: id, is_verified: true, subjects, location, hourly_rate: 4000 });
    const country = renderPages(
      [yao, at('pb', 'port-bouet', ['Mathématiques']), at('sp', 'san-pedro', ['Anglais']), at('bk', 'bouake', ['Mathématiques']), at('pl', 'plateau', ['Informatique'])],
      site,
    );
    const towns = [...country.keys()].filter((key) => key.startsWith('repetiteurs/'));
    expect(towns).toEqual(
      expect.arrayContaining(['repetiteurs/mathematiques/port-bouet', 'repetiteurs/anglais/san-pedro', 'repetiteurs/mathematiques/bouake', 'repetiteurs/informatique/plateau']),
    );
    for (const key of towns) expect(pageKeyOf(`/${key}`)).toBe(key);
    const page = (key: string) => country.get(key)!.body;
    expect(h1Of(page('repetiteurs/mathematiques/port-bouet'))).toBe('Cours de mathématiques à Port-Bouët');
    expect(h1Of(page('repetiteurs/anglais/san-pedro'))).toBe("Cours d'anglais à San-Pédro");
    expect(h1Of(page('repetiteurs/informatique/plateau'))).toBe("Cours d'informatique au Plateau");
    const bouake = page('repetiteurs/mathematiques/bouake');
    expect(h1Of(bouake)).toBe('Cours de mathématiques à Bouaké');
    expect(plain(visibleText(bouake))).toContain('1 répétiteur vérifié donne des cours de mathématiques à Bouaké dès 4 000 FCFA/h.');
    expect(visibleText(bouake)).toContain('Mathématiques dans les autres communes et villes');
    expect(sitemapUrls(country.get('sitemap.xml')!.body)).toContain(`${SITE}/repetiteurs/mathematiques/port-bouet`);
    // schema.org: a commune of the district lies in Abidjan, a town does not.
    const [inTown] = jsonLdOf(country.get('tutors/bk')!.body) as Array<Record<string, any>>;
    expect(inTown!.address).toEqual({ '@type': 'PostalAddress', addressLocality: 'Bouaké', addressCountry: 'CI' });
    expect(inTown!.makesOffer.itemOffered.areaServed).toEqual({ '@type': 'Place', name: 'Bouaké' });
    const [inCommune] = jsonLdOf(country.get('tutors/pb')!.body) as Array<Record<string, any>>;
    expect(inCommune!.address).toMatchObject({ addressLocality: 'Port-Bouët', addressRegion: 'Abidjan' });
    expect(inCommune!.makesOffer.itemOffered.areaServed).toEqual({ '@type': 'Place', name: 'Port-Bouët, Abidjan' });
  });

  it('lets robots crawl the public pages, not the private screens, and names the sitemap', () => {
    const robots = files.get('robots.txt')!.body;
    expect(robots).toContain('Allow: /tutors/');
    expect(robots).toContain('Allow: /repetiteurs/');
    for (const path of PRIVATE_PATHS) expect(robots).toContain(`Disallow: ${path}\n`);
    expect(robots).not.toMatch(/Disallow: \/(search|tutors)/);
    expect(robots).toContain(`Sitemap: ${SITE}/sitemap.xml`);
  });
});

describe('the paths of the pages', () => {
  it('maps a page path to the key of the same name, and nothing else', () => {
    expect(pageKeyOf('/tutors/abc')).toBe('tutors/abc');
    expect(pageKeyOf('/repetiteurs/mathematiques/cocody')).toBe('repetiteurs/mathematiques/cocody');
    expect(pageKeyOf('/sitemap.xml')).toBe('sitemap.xml');
    for (const path of ['/tutors/abc/', '/tutors/', '/tutors/a/b', '/repetiteurs/x', '/search', '/index.html', '/tutors/..', '/repetiteurs/../../x']) {
      expect(pageKeyOf(path), path).toBeNull();
    }
  });
});

describe("CloudFront's routing function (infra/lib/web.ts)", () => {
  type Query = Record<string, { value: string; multiValue?: Array<{ value: string }> }>;
  type Event = { context: { eventType: string }; request: { uri: string; querystring: Query } };
  const handler = new Function(`${SITE_ROUTING_CODE}; return handler;`)() as (event: Event) => any;
  const request = (uri: string, querystring: Query = {}) => handler({ context: { eventType: 'viewer-request' }, request: { uri, querystring } });

  it('serves a page under its own path, and the SPA for client-side routes', () => {
    expect(request('/tutors/abc').uri).toBe('/tutors/abc');
    expect(request('/repetiteurs/mathematiques/cocody').uri).toBe('/repetiteurs/mathematiques/cocody');
    expect(request('/search').uri).toBe('/index.html');
    expect(request('/tutors/abc/reserver').uri).toBe('/index.html');
    expect(request('/assets/index-abc.js').uri).toBe('/assets/index-abc.js');
    expect(request('/sitemap.xml').uri).toBe('/sitemap.xml');
  });

  it("sends a page's address written with a trailing slash to the page's own address, permanently, query kept", () => {
    const moved = (uri: string, querystring: Query = {}) => {
      const answer = request(uri, querystring);
      expect(answer.statusCode, uri).toBe(301);
      return answer.headers.location.value as string;
    };
    expect(moved('/tutors/abc/')).toBe('/tutors/abc');
    expect(moved('/tutors/abc/', { ref: { value: 'wa' }, utm: { value: 'a', multiValue: [{ value: 'a' }, { value: 'b' }] }, solo: { value: '' } })).toBe(
      '/tutors/abc?ref=wa&utm=a&utm=b&solo',
    );
    expect(moved('/repetiteurs/mathematiques/cocody/')).toBe('/repetiteurs/mathematiques/cocody');
    // Only a page's own path: the site's other addresses keep their answer.
    expect(request('/tutors/').uri).toBe('/index.html');
    expect(request('/tutors/abc//').uri).toBe('/index.html');
    expect(request('/search/').uri).toBe('/index.html');
  });
});

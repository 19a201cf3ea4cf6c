/**
 * The pages visitors and search engines read without running a script (issue 17): one per tutor
 * listed publicly (`/tutors/<id>`: its own title, description, canonical URL, Open Graph and
 * Twitter tags, its text in the SPA's root, schema.org JSON-LD), one per town × subject with at
 * least one such tutor (`/repetiteurs/<subject>/<zone>`), the sitemap and robots.txt. Pure: from
 * the catalogue's tutors, the site's address and the SPA's built index.html to the files' text.
 *
 * A tutor page is the SPA's own index.html with the page's head and text: the app boots on it and
 * shows the live profile (the full name to a signed-in user). A catalogue tutor who is not listed
 * (not verified, or hidden from visitors) gets the bare index.html, whose `robots` meta is
 * `noindex`, so that the SPA still opens there. Town × subject pages are pages of their own (the
 * SPA has no such route): links to the tutors' pages and to the search.
 */
import { ABIDJAN_COMMUNES, EXPERIENCE_LABELS, SUBJECTS, ZONE_LABELS, type Experience, type Subject, type Zone } from '#shared/constants';
import { atPlace, deBefore, subjectInSentence } from '#shared/french';
import { formatFcfa } from '#shared/money';
import { cataloguePhotoState, isPhotoReady, photoShareUrl, photoVariantKey, SHARE_IMAGE } from '#shared/photos';
import { compareTutors, FILTER_PARAMS, type TutorSummary } from '#shared/search';
import { isListedPublicly, PAGE_ZONES, townSubjectPagePath, tutorPagePath, visitorName } from '#shared/visitors';
import { clip, escapeHtml, escapeXml, fromShell, jsonLdScript } from './html.js';
import { ROBOTS_KEY, SITEMAP_KEY } from './page-keys.js';

/** The width of the photo variant the pages' text draws (the profile's 3x: shared/src/photos.ts). */
export const PAGE_PHOTO_WIDTH = 288;
/** What a preview shows for a tutor without a photo (web/public): Kalan's mark, 1200 × 630. */
export const DEFAULT_PREVIEW_IMAGE = { path: '/kalan-partage.png', width: 1200, height: 630, type: 'image/png' } as const;
const SITE_NAME = 'Kalan';
const DESCRIPTION_LENGTH = 160;

/** The private screens search engines are asked not to crawl (web/src/app/router.tsx). */
export const PRIVATE_PATHS = ['/api/', '/auth', '/onboarding', '/profile/', '/kyc', '/payments', '/tutor-revenues', '/favorites', '/cours', '/notifications', '/admin'];

export interface PageSite {
  /** `https://kalan.ci`: the canonical URLs' origin (no trailing slash). */
  siteUrl: string;
  /** The SPA's built index.html. */
  shell: string;
}

export interface PageFile {
  body: string;
  contentType: string;
}

const HTML = 'text/html; charset=utf-8';
const isSubject = (subject: string): subject is Subject => (SUBJECTS as readonly string[]).includes(subject);
const isPageZone = (zone: string | null): zone is Zone => zone !== null && (PAGE_ZONES as readonly string[]).includes(zone);
const byRelevance = compareTutors('rating', 'desc');

/** 'de mathématiques', 'de mathématiques et de physique', 'de français, d'anglais et de SVT'. */
function coursesList(subjects: readonly string[]): string {
  const parts = subjects.map((subject) => deBefore(subjectInSentence(subject)));
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} et ${parts.at(-1)}`;
}

/** 'à Cocody', 'au Plateau', 'à Bouaké', 'à distance', or nothing. */
function placePhrase(location: string | null): string {
  if (!location) return '';
  if (location === 'distance') return 'à distance';
  return atPlace(ZONE_LABELS[location as Zone] ?? location);
}

const zoneName = (location: string | null) => (location ? (ZONE_LABELS[location as Zone] ?? location) : null);
const inAbidjan = (location: string | null) => location !== null && (ABIDJAN_COMMUNES as readonly string[]).includes(location);

/**
 * Where a tutor teaches, for schema.org: a commune of the district with Abidjan as its region
 * ('Cocody, Abidjan'), a town on its own ('Bouaké'); nothing for remote lessons.
 */
function placeOf(location: string | null): { address: Record<string, string>; areaServed: string } | null {
  const zone = zoneName(location);
  if (!zone || location === 'distance') return null;
  return inAbidjan(location)
    ? { address: { '@type': 'PostalAddress', addressLocality: zone, addressRegion: 'Abidjan', addressCountry: 'CI' }, areaServed: `${zone}, Abidjan` }
    : { address: { '@type': 'PostalAddress', addressLocality: zone, addressCountry: 'CI' }, areaServed: zone };
}
const rateText = (rate: number | null) => (rate === null ? null : `${formatFcfa(rate)}/h`);

/**
 * What a link preview shows (`og:image`, `twitter:image`, JSON-LD): the photo's JPEG share image
 * (messaging apps preview JPEG; WhatsApp on iOS does not show WebP), or Kalan's mark without a
 * ready photo. `path` is the photo the page's own text draws (its 288 px WebP variant).
 */
function previewImage(tutor: TutorSummary, siteUrl: string) {
  const ready = isPhotoReady(cataloguePhotoState(tutor));
  const share = ready && tutor.profile_image_url ? photoShareUrl(tutor.profile_image_url) : null;
  const shown = ready && tutor.profile_image_url ? photoVariantKey(tutor.profile_image_url, PAGE_PHOTO_WIDTH) : null;
  if (share && shown) {
    return { url: `${siteUrl}${share}`, path: `/${shown}`, width: SHARE_IMAGE.size, height: SHARE_IMAGE.size, type: SHARE_IMAGE.contentType, photo: true };
  }
  return { ...DEFAULT_PREVIEW_IMAGE, url: `${siteUrl}${DEFAULT_PREVIEW_IMAGE.path}`, photo: false };
}

const meta = (attribute: 'name' | 'property', name: string, content: string | number) =>
  `<meta ${attribute}="${name}" content="${escapeHtml(String(content))}" />`;

/** The Open Graph tags every public page carries (the site, the page's type, address, title, text and image). */
function openGraph(page: { type: 'profile' | 'website'; url: string; title: string; description: string; image: string }): string[] {
  return [
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', page.type),
    meta('property', 'og:locale', 'fr_FR'),
    meta('property', 'og:url', page.url),
    meta('property', 'og:title', page.title),
    meta('property', 'og:description', page.description),
    meta('property', 'og:image', page.image),
  ];
}

/** The town × subject pages a tutor's page links to (the subjects it teaches in its town). */
function townSubjectLinks(tutor: TutorSummary): Array<{ path: string; label: string }> {
  if (!isPageZone(tutor.location)) return [];
  const zone = tutor.location;
  return tutor.subjects.filter(isSubject).map((subject) => ({ path: townSubjectPagePath(subject, zone), label: townSubjectTitle(subject, zone) }));
}

/** 'Cours de mathématiques à Cocody', 'Cours d'anglais au Plateau', 'Cours de SVT à Bouaké'. */
export function townSubjectTitle(subject: Subject, zone: Zone): string {
  return `Cours ${deBefore(subjectInSentence(subject))} ${atPlace(ZONE_LABELS[zone])}`;
}

/** The tutor page's text, the same facts as the head: what a visitor sees before the app runs. */
function tutorText(tutor: TutorSummary, name: string, image: ReturnType<typeof previewImage>): string {
  const zone = zoneName(tutor.location);
  const rate = rateText(tutor.hourly_rate);
  const section = (title: string, text: string) => (text.trim() ? `<h2>${escapeHtml(title)}</h2><p class="kp-text">${escapeHtml(text.trim())}</p>` : '');
  const links = townSubjectLinks(tutor);
  return [
    '<main class="kp"><article>',
    image.photo ? `<img src="${escapeHtml(image.path)}" width="96" height="96" alt="${escapeHtml(`Photo ${deBefore(name)}`)}" class="kp-photo" />` : '',
    `<h1>${escapeHtml(name)}</h1>`,
    '<p class="kp-muted">✔️ Vérifié</p>',
    `<p>${tutor.subjects.map(escapeHtml).join(' · ')}</p>`,
    zone ? `<p class="kp-muted">${escapeHtml(zone)}</p>` : '',
    rate ? `<p class="kp-rate">${escapeHtml(rate)}</p>` : '',
    tutor.levels.length ? `<h2>Niveaux</h2><p>${tutor.levels.map(escapeHtml).join(' · ')}</p>` : '',
    section('Présentation', tutor.bio),
    section('Formation', tutor.education),
    tutor.experience ? section('Expérience', EXPERIENCE_LABELS[tutor.experience as Experience] ?? tutor.experience) : '',
    section('Méthode pédagogique', tutor.teaching_method),
    links.length ? `<ul class="kp-links">${links.map((link) => `<li><a href="${escapeHtml(link.path)}">${escapeHtml(link.label)}</a></li>`).join('')}</ul>` : '',
    '</article></main>',
  ].join('');
}

/**
 * The pre-rendered text's look until the app replaces it (the CSP allows inline styles). The app's
 * stylesheet (Chakra's reset, in a layer) is already in force: what the text needs is said here.
 */
const TUTOR_STYLE =
  '<style>.kp{max-width:48rem;margin:0 auto;padding:1rem;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5;color:#1f2937}' +
  '.kp h1{font-size:1.75rem;font-weight:700;margin:.5rem 0}.kp h2{font-size:1.1rem;font-weight:700;margin:1.25rem 0 .25rem}.kp p{margin:.25rem 0}' +
  '.kp-photo{border-radius:50%;object-fit:cover}.kp-muted{color:#4b5563}.kp-rate{font-size:1.25rem;font-weight:700;color:#c2410c}' +
  '.kp-text{white-space:pre-line}.kp-links{padding-left:1.25rem;list-style:disc}.kp a{color:#9a3412}</style>';

/** A listed tutor's page, from the SPA's index.html. */
export function renderTutorPage(tutor: TutorSummary, site: PageSite): string {
  const name = visitorName(tutor.first_name, tutor.last_name);
  const url = `${site.siteUrl}${tutorPagePath(tutor.id)}`;
  const zone = zoneName(tutor.location);
  const rate = rateText(tutor.hourly_rate);
  const place = placePhrase(tutor.location);
  const where = placeOf(tutor.location);
  const subjects = tutor.subjects.join(', ');
  const title = `${name} — ${[subjects, zone].filter(Boolean).join(' · ')} | ${SITE_NAME}`;
  const ogTitle = [name, subjects, zone, rate].filter(Boolean).join(' · ');
  const offer = `${name} donne des cours ${coursesList(tutor.subjects)}${place ? ` ${place}` : ''}${rate ? ` : ${rate}` : ''}.`;
  const description = clip(`${offer} Profil vérifié sur ${SITE_NAME}. ${tutor.bio}`, DESCRIPTION_LENGTH);
  const image = previewImage(tutor, site.siteUrl);
  const imageAlt = image.photo ? `Photo ${deBefore(name)}` : SITE_NAME;

  const person = `${url}#personne`;
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Person',
    '@id': person,
    name,
    url,
    ...(image.photo ? { image: image.url } : {}),
    description: clip(tutor.bio || offer, 300),
    knowsAbout: tutor.subjects,
    ...(where ? { address: where.address } : {}),
    ...(tutor.hourly_rate !== null
      ? {
          makesOffer: {
            '@type': 'Offer',
            url,
            price: tutor.hourly_rate,
            priceCurrency: 'XOF',
            priceSpecification: { '@type': 'UnitPriceSpecification', price: tutor.hourly_rate, priceCurrency: 'XOF', unitCode: 'HUR', unitText: 'heure' },
            itemOffered: {
              '@type': 'Service',
              name: `Cours ${coursesList(tutor.subjects)}`,
              serviceType: 'Cours particuliers',
              provider: { '@id': person },
              ...(where ? { areaServed: { '@type': 'Place', name: where.areaServed } } : {}),
            },
          },
        }
      : {}),
  };

  const head = [
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    ...openGraph({ type: 'profile', url, title: ogTitle, description, image: image.url }),
    meta('property', 'og:image:type', image.type),
    meta('property', 'og:image:width', image.width),
    meta('property', 'og:image:height', image.height),
    meta('property', 'og:image:alt', imageAlt),
    meta('property', 'profile:first_name', tutor.first_name.trim()),
    meta('name', 'twitter:card', 'summary'),
    meta('name', 'twitter:title', ogTitle),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', image.url),
    meta('name', 'twitter:image:alt', imageAlt),
    TUTOR_STYLE,
    jsonLdScript(jsonLd),
  ].join('\n');

  return fromShell(site.shell, { title, description, robots: 'index, follow, max-image-preview:large', head, root: tutorText(tutor, name, image) });
}

const TOWN_STYLE =
  '<style>body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5;color:#1f2937}' +
  'header{background:#c2410c;padding:.75rem 1rem}header a{color:#fff;font-weight:700;font-size:1.25rem;text-decoration:none}' +
  'main{max-width:48rem;margin:0 auto;padding:1rem}h1{font-size:1.75rem;margin:.5rem 0}h2{font-size:1.1rem;margin:1.5rem 0 .5rem}' +
  'ul.tutors{list-style:none;padding:0}ul.tutors li{border:1px solid #e5e7eb;border-radius:.75rem;padding:.75rem;margin:.5rem 0;display:flex;gap:.75rem;align-items:center}' +
  'ul.tutors img{border-radius:50%;object-fit:cover;flex:none}.muted{color:#4b5563}.rate{font-weight:700;color:#c2410c}a{color:#9a3412}' +
  'a.name{font-weight:700;font-size:1.1rem;display:inline-block;padding:.25rem 0}ul.more{padding-left:1.25rem}ul.more li{padding:.25rem 0}</style>';

const tutorsCount = (count: number) => (count > 1 ? `${count} répétiteurs vérifiés` : '1 répétiteur vérifié');

/** A town × subject page: its tutors (listed, teaching it there), best first, and links on. */
export function renderTownSubjectPage(
  subject: Subject,
  zone: Zone,
  tutors: readonly TutorSummary[],
  site: Pick<PageSite, 'siteUrl'>,
  related: { otherZones: readonly Zone[]; otherSubjects: readonly Subject[] },
): string {
  const title = townSubjectTitle(subject, zone);
  const path = townSubjectPagePath(subject, zone);
  const url = `${site.siteUrl}${path}`;
  const course = `cours ${deBefore(subjectInSentence(subject))}`;
  const rates = tutors.flatMap((tutor) => (tutor.hourly_rate === null ? [] : [tutor.hourly_rate]));
  const from = rates.length ? ` dès ${formatFcfa(Math.min(...rates))}/h` : '';
  const description = `${tutorsCount(tutors.length)} ${tutors.length > 1 ? 'donnent' : 'donne'} des ${course} ${atPlace(ZONE_LABELS[zone])}${from}. Comparez les profils et réservez en ligne sur ${SITE_NAME}, paiement sécurisé.`;
  const search = new URLSearchParams({ [FILTER_PARAMS.subject]: subject, [FILTER_PARAMS.location]: zone });

  const items = tutors.map((tutor) => {
    const name = visitorName(tutor.first_name, tutor.last_name);
    const image = previewImage(tutor, site.siteUrl);
    const rate = rateText(tutor.hourly_rate);
    return [
      '<li>',
      image.photo ? `<img src="${escapeHtml(image.path)}" width="56" height="56" alt="${escapeHtml(`Photo ${deBefore(name)}`)}" loading="lazy" />` : '',
      '<div>',
      `<a class="name" href="${escapeHtml(tutorPagePath(tutor.id))}">${escapeHtml(name)}</a>`,
      `<div class="muted">${tutor.subjects.map(escapeHtml).join(' · ')}</div>`,
      rate ? `<div class="rate">${escapeHtml(rate)}</div>` : '',
      tutor.bio.trim() ? `<div>${escapeHtml(clip(tutor.bio, 140))}</div>` : '',
      '</div></li>',
    ].join('');
  });
  const more = (heading: string, links: Array<{ path: string; label: string }>) =>
    links.length ? `<h2>${escapeHtml(heading)}</h2><ul class="more">${links.map((link) => `<li><a href="${escapeHtml(link.path)}">${escapeHtml(link.label)}</a></li>`).join('')}</ul>` : '';

  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: title,
    url,
    numberOfItems: tutors.length,
    itemListElement: tutors.map((tutor, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      url: `${site.siteUrl}${tutorPagePath(tutor.id)}`,
      name: visitorName(tutor.first_name, tutor.last_name),
    })),
  };
  const image = `${site.siteUrl}${DEFAULT_PREVIEW_IMAGE.path}`;

  return [
    '<!doctype html>',
    '<html lang="fr">',
    '<head>',
    '<meta charset="UTF-8" />',
    '<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />',
    `<title>${escapeHtml(`${title} : ${tutorsCount(tutors.length)} | ${SITE_NAME}`)}</title>`,
    meta('name', 'description', description),
    meta('name', 'robots', 'index, follow'),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    '<link rel="icon" type="image/svg+xml" href="/favicon.svg" />',
    '<meta name="theme-color" content="#c2410c" />',
    ...openGraph({ type: 'website', url, title, description, image }),
    meta('property', 'og:image:width', DEFAULT_PREVIEW_IMAGE.width),
    meta('property', 'og:image:height', DEFAULT_PREVIEW_IMAGE.height),
    meta('name', 'twitter:card', 'summary'),
    TOWN_STYLE,
    jsonLdScript(jsonLd),
    '</head>',
    '<body>',
    `<header><a href="/search">${SITE_NAME}</a></header>`,
    '<main>',
    `<h1>${escapeHtml(title)}</h1>`,
    `<p>${escapeHtml(description)}</p>`,
    `<ul class="tutors">${items.join('')}</ul>`,
    `<p><a href="/search?${escapeHtml(search.toString())}">Rechercher parmi tous les répétiteurs</a></p>`,
    more(`${subject} dans les autres communes et villes`, related.otherZones.map((other) => ({ path: townSubjectPagePath(subject, other), label: townSubjectTitle(subject, other) }))),
    more(`Autres matières ${atPlace(ZONE_LABELS[zone])}`, related.otherSubjects.map((other) => ({ path: townSubjectPagePath(other, zone), label: townSubjectTitle(other, zone) }))),
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

export function renderSitemap(paths: readonly string[], siteUrl: string): string {
  const urls = paths.map((path) => `<url><loc>${escapeXml(`${siteUrl}${path}`)}</loc></url>`);
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}

/** The public pages are crawled; the private screens are not (and carry `noindex` besides). */
export function renderRobots(siteUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /tutors/',
    'Allow: /repetiteurs/',
    'Allow: /search',
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${siteUrl}/${SITEMAP_KEY}`,
    '',
  ].join('\n');
}

/**
 * Every page file, by key (page-keys.ts), for this catalogue: each catalogue tutor's page (the
 * pre-rendered page if listed publicly, the bare SPA otherwise), the non-empty town × subject
 * pages, the sitemap (exactly those two kinds of pages) and robots.txt.
 */
export function renderPages(catalogue: readonly TutorSummary[], site: PageSite): Map<string, PageFile> {
  const files = new Map<string, PageFile>();
  const listed = catalogue.filter(isListedPublicly).sort(byRelevance);
  for (const tutor of catalogue) {
    files.set(tutorPagePath(tutor.id).slice(1), { body: isListedPublicly(tutor) ? renderTutorPage(tutor, site) : site.shell, contentType: HTML });
  }
  const teaching = (subject: Subject, zone: Zone) => listed.filter((tutor) => tutor.location === zone && tutor.subjects.includes(subject));
  const nonEmpty = new Set(SUBJECTS.flatMap((subject) => PAGE_ZONES.filter((zone) => teaching(subject, zone).length).map((zone) => `${subject}|${zone}`)));
  const townPaths: string[] = [];
  for (const subject of SUBJECTS) {
    for (const zone of PAGE_ZONES) {
      if (!nonEmpty.has(`${subject}|${zone}`)) continue;
      const related = {
        otherZones: PAGE_ZONES.filter((other) => other !== zone && nonEmpty.has(`${subject}|${other}`)),
        otherSubjects: SUBJECTS.filter((other) => other !== subject && nonEmpty.has(`${other}|${zone}`)),
      };
      const path = townSubjectPagePath(subject, zone);
      townPaths.push(path);
      files.set(path.slice(1), { body: renderTownSubjectPage(subject, zone, teaching(subject, zone), site, related), contentType: HTML });
    }
  }
  const tutorPaths = [...listed].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).map((tutor) => tutorPagePath(tutor.id));
  files.set(SITEMAP_KEY, { body: renderSitemap([...tutorPaths, ...townPaths], site.siteUrl), contentType: 'application/xml; charset=utf-8' });
  files.set(ROBOTS_KEY, { body: renderRobots(site.siteUrl), contentType: 'text/plain; charset=utf-8' });
  return files;
}

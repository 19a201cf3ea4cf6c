/**
 * The pages visitors and search engines read (issue 17), fetched from the local stack's router as
 * a crawler or a link preview fetches them: plain HTTP, no script run. The indexer publishes them
 * from the catalogue snapshot (functions/src/pages) into the site bucket, which the router serves
 * under the pages' own paths, as CloudFront does.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it, onTestFinished } from 'vitest';
import { isListedPublicly, visitorName } from '#shared/visitors';
import { stack } from '../support/stack.js';
import { canonicalOf, h1Of, jsonLdOf, metaTags, scriptElements, sitemapUrls, titleOf, visibleText } from '../support/page-html.js';
import { eventually, useStackEnvironment } from './search-support.js';

/** Amounts are grouped with a no-break space (shared/src/money.ts): compared here as plain spaces. */
const plain = (text: string | undefined) => text?.replace(/[\u00a0\u202f]/g, ' ');

async function get(path: string): Promise<{ status: number; type: string | null; location: string | null; text: string }> {
  const response = await fetch(new URL(path, stack().appUrl), { redirect: 'manual' });
  return { status: response.status, type: response.headers.get('content-type'), location: response.headers.get('location'), text: await response.text() };
}

interface NewTutor {
  userId: string;
  id: string;
  firstName: string;
  lastName: string;
}

/** Tables' entities, in this process, on the stack's engines. */
async function database() {
  useStackEnvironment();
  const [{ PutItemCommand }, { UpdateItemCommand }, { DeleteItemCommand }, db, catalogue] = await Promise.all([
    import('dynamodb-toolbox/entity/actions/put'),
    import('dynamodb-toolbox/entity/actions/update'),
    import('dynamodb-toolbox/entity/actions/delete'),
    import('#commons/db'),
    import('../../functions/src/search/catalogue.js'),
  ]);

  /** A completed tutor profile, written around the application and removed after the test. */
  async function putTutor(options: { verified: boolean; bio: string; firstName?: string; hidden?: boolean }): Promise<NewTutor> {
    const tutor = { userId: randomUUID(), id: randomUUID(), firstName: options.firstName ?? 'Félicité', lastName: `Zoungrana${randomUUID().slice(0, 6)}` };
    onTestFinished(async () => {
      await db.TutorProfileEntity.build(DeleteItemCommand).key({ user_id: tutor.userId }).send();
      await db.ProfileEntity.build(DeleteItemCommand).key({ user_id: tutor.userId }).send();
    });
    await db.ProfileEntity.build(PutItemCommand)
      .item({ user_id: tutor.userId, first_name: tutor.firstName, last_name: tutor.lastName, role: 'tuteur', is_verified: options.verified })
      .send();
    await db.TutorProfileEntity.build(PutItemCommand)
      .item({
        user_id: tutor.userId,
        id: tutor.id,
        bio: options.bio,
        education: 'Master de Philosophie',
        experience: '3-5ans',
        subjects: ['Philosophie', 'Français'],
        levels: ['Lycée (2nde-Tle)'],
        location: 'treichville',
        hourly_rate: 5500,
        is_completed: true,
        ...(options.hidden ? { hidden_from_visitors: true } : {}),
      })
      .send();
    return tutor;
  }
  const setVerified = (userId: string, is_verified: boolean) => db.ProfileEntity.build(UpdateItemCommand).item({ user_id: userId, is_verified }).send();
  return { putTutor, setVerified, readPublishedTutors: catalogue.readPublishedTutors };
}

/** The tutor's page once the indexer published it (pre-rendered, or the bare SPA if `listed` is false). */
async function publishedPage(tutor: NewTutor, listed: boolean): Promise<string> {
  return eventually(async () => {
    const page = await get(`/tutors/${tutor.id}`);
    expect(page.status).toBe(200);
    expect(h1Of(page.text) === visitorName(tutor.firstName, tutor.lastName)).toBe(listed);
    return page.text;
  }, 20_000);
}

const sitemapTutorIds = async () =>
  sitemapUrls((await get('/sitemap.xml')).text)
    .filter((url) => url.startsWith(`${stack().appUrl}/tutors/`))
    .map((url) => url.slice(`${stack().appUrl}/tutors/`.length));

describe('a tutor page, as a link preview or a crawler reads it', () => {
  it("holds the tutor's first name and initial, subjects and price in its HTML, its Open Graph tags and its JSON-LD (an offer in XOF)", async () => {
    const { putTutor } = await database();
    const tutor = await putTutor({ verified: true, bio: 'Répétitrice de philosophie : dissertation et commentaire.' });
    const html = await publishedPage(tutor, true);
    const name = visitorName(tutor.firstName, tutor.lastName);
    const url = `${stack().appUrl}/tutors/${tutor.id}`;

    expect(h1Of(html)).toBe(name);
    expect(html).not.toContain(tutor.lastName);
    const text = plain(visibleText(html))!;
    for (const fact of [name, 'Philosophie', 'Français', 'Treichville', '5 500 FCFA/h', 'Répétitrice de philosophie : dissertation et commentaire.']) {
      expect(text).toContain(fact);
    }
    expect(titleOf(html)).toBe(`${name} — Philosophie, Français · Treichville | Kalan`);
    const tags = metaTags(html);
    expect(plain(tags.get('og:title'))).toBe(`${name} · Philosophie, Français · Treichville · 5 500 FCFA/h`);
    expect(plain(tags.get('og:description'))).toContain('donne des cours de philosophie et de français à Treichville : 5 500 FCFA/h.');
    expect(tags.get('og:url')).toBe(url);
    expect(canonicalOf(html)).toBe(url);
    expect(tags.get('og:type')).toBe('profile');
    // No photo: Kalan's default image, from the site itself.
    expect(tags.get('og:image')).toBe(`${stack().appUrl}/kalan-partage.png`);
    expect((await fetch(tags.get('og:image')!)).headers.get('content-type')).toBe('image/png');
    expect(tags.get('robots')).toMatch(/^index/);

    const [person] = jsonLdOf(html) as Array<Record<string, any>>;
    expect(person).toMatchObject({ '@type': 'Person', name, url });
    expect(person!.makesOffer).toMatchObject({ '@type': 'Offer', price: 5500, priceCurrency: 'XOF', itemOffered: { '@type': 'Service' } });
    expect(JSON.stringify(person)).not.toContain('aggregateRating');
    // It boots the SPA, which then shows the live profile.
    expect(scriptElements(html).some((script) => /type="module"[^>]*src="\/assets\//.test(script.attributes))).toBe(true);
  });

  it('lists the tutor on its town × subject pages, with a link to its page', async () => {
    const { putTutor } = await database();
    const tutor = await putTutor({ verified: true, bio: 'Français et philosophie au lycée.' });
    await publishedPage(tutor, true);
    const page = await eventually(async () => {
      const answer = await get('/repetiteurs/philosophie/treichville');
      expect(answer.text).toContain(`href="/tutors/${tutor.id}"`);
      return answer;
    });
    expect(page.status).toBe(200);
    expect(page.type).toBe('text/html; charset=utf-8');
    expect(h1Of(page.text)).toBe('Cours de philosophie à Treichville');
    expect(visibleText(page.text)).toContain(visitorName(tutor.firstName, tutor.lastName));
    expect(page.text).not.toContain(tutor.lastName);
    const [list] = jsonLdOf(page.text) as Array<Record<string, any>>;
    expect(list!['@type']).toBe('ItemList');
    expect(list!.itemListElement).toContainEqual(expect.objectContaining({ url: `${stack().appUrl}/tutors/${tutor.id}` }));
    expect((await get('/repetiteurs/francais/treichville')).text).toContain(`href="/tutors/${tutor.id}"`);
  });

  it('keeps a hostile bio inside its element: no script of its own, in the HTML or the JSON-LD', async () => {
    const { putTutor } = await database();
    const bio = 'Bonjour</script><script>window.pwned=1</script><img src=x onerror=alert(1)>';
    const tutor = await putTutor({ verified: true, bio, firstName: 'Aya"><b>' });
    const html = await publishedPage(tutor, true);
    for (const script of scriptElements(html)) {
      // The SPA's own files, and the one JSON-LD block: nothing inline that a browser would run.
      expect(script.attributes).toMatch(/src="\/assets\/|type="application\/ld\+json"/);
    }
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<b>');
    expect(visibleText(html)).toContain(bio);
    const [person] = jsonLdOf(html) as Array<Record<string, any>>;
    expect(person!.description).toBe(bio);
  });
});

describe('who is listed', () => {
  it('lists in the sitemap exactly the completed, approved, visible tutors; one who loses the verification leaves it and its page with the next snapshot', async () => {
    const { putTutor, setVerified, readPublishedTutors } = await database();
    const approved = await putTutor({ verified: true, bio: 'Approuvée.' });
    const unverified = await putTutor({ verified: false, bio: 'Pas encore vérifiée.' });
    // Verified, but hidden from visitors and search engines by the tutor's own choice.
    const hidden = await putTutor({ verified: true, bio: 'Masquée aux visiteurs.', hidden: true });
    await publishedPage(approved, true);
    const hiddenPage = await publishedPage(hidden, false);
    expect(hiddenPage).not.toContain(hidden.lastName);
    expect(metaTags(hiddenPage).get('robots')).toBe('noindex');
    // An unverified tutor's page is the bare SPA: no name, noindex.
    const bare = await publishedPage(unverified, false);
    expect(bare).not.toContain(unverified.lastName);
    expect(metaTags(bare).get('robots')).toBe('noindex');

    // The table's completed tutors (the published tutors' index) that are verified: the sitemap's tutors, exactly.
    const listedInTable = async () => (await readPublishedTutors()).filter(isListedPublicly).map((tutor) => tutor.id).sort();
    await eventually(async () => expect((await sitemapTutorIds()).sort()).toEqual(await listedInTable()), 20_000);
    expect(await sitemapTutorIds()).toContain(approved.id);
    expect(await sitemapTutorIds()).not.toContain(unverified.id);
    expect(await sitemapTutorIds()).not.toContain(hidden.id);

    await setVerified(approved.userId, false);
    const withdrawn = await publishedPage(approved, false);
    expect(withdrawn).not.toContain(approved.lastName);
    expect(withdrawn).not.toContain(`<h1>`);
    await eventually(async () => expect(await sitemapTutorIds()).not.toContain(approved.id), 20_000);
    await eventually(async () => expect((await sitemapTutorIds()).sort()).toEqual(await listedInTable()), 20_000);
  });

  it('serves the SPA in place of a tutor page that is not published, at the same address (no hop to another one)', async () => {
    const id = randomUUID();
    const missing = await get(`/tutors/${id}?ref=whatsapp`);
    expect(missing.status).toBe(200);
    expect(missing.location).toBeNull();
    expect(metaTags(missing.text).get('robots')).toBe('noindex');
    // The SPA's own index.html: its root holds the splash until the app starts.
    expect(missing.text).toContain('<div id="root"><div class="kalan-splash"');
  });

  it("answers a tutor's address written with a trailing slash with the tutor's page: one permanent hop to its own address, query kept", async () => {
    const { putTutor } = await database();
    const tutor = await putTutor({ verified: true, bio: 'Lien collé avec une barre oblique finale.' });
    await publishedPage(tutor, true);
    const moved = await get(`/tutors/${tutor.id}/?ref=whatsapp`);
    expect(moved.status).toBe(301);
    expect(moved.location).toBe(`/tutors/${tutor.id}?ref=whatsapp`);
    // As a link preview reads it: plain HTTP, redirects followed, no script run.
    const followed = await fetch(new URL(`/tutors/${tutor.id}/`, stack().appUrl));
    expect(followed.status).toBe(200);
    expect(followed.url).toBe(`${stack().appUrl}/tutors/${tutor.id}`);
    const html = await followed.text();
    const name = visitorName(tutor.firstName, tutor.lastName);
    expect(titleOf(html)).toBe(`${name} — Philosophie, Français · Treichville | Kalan`);
    expect(canonicalOf(html)).toBe(`${stack().appUrl}/tutors/${tutor.id}`);
    const tags = metaTags(html);
    expect(tags.get('robots')).toMatch(/^index/);
    expect(tags.get('og:url')).toBe(`${stack().appUrl}/tutors/${tutor.id}`);
    expect(plain(tags.get('og:title'))).toBe(`${name} · Philosophie, Français · Treichville · 5 500 FCFA/h`);
    expect(h1Of(html)).toBe(name);
    // A town × subject page too; a page not published moves the same way, then is the SPA.
    expect((await get('/repetiteurs/philosophie/treichville/')).location).toBe('/repetiteurs/philosophie/treichville');
    const unknown = randomUUID();
    expect((await get(`/tutors/${unknown}/`)).location).toBe(`/tutors/${unknown}`);
  });

  it("serves robots.txt: the public pages crawled, the private screens not, the sitemap's absolute address", async () => {
    const robots = await get('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.type).toBe('text/plain; charset=utf-8');
    expect(robots.text).toContain('Allow: /tutors/');
    expect(robots.text).toContain('Disallow: /api/');
    expect(robots.text).toContain('Disallow: /admin');
    expect(robots.text).toContain(`Sitemap: ${stack().appUrl}/sitemap.xml`);
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.type).toBe('application/xml; charset=utf-8');
    expect(sitemapUrls(sitemap.text).every((url) => url.startsWith(`${stack().appUrl}/`))).toBe(true);
  });
});

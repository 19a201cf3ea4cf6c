/**
 * The installed app's offline copies (issue 34): which reads the service worker keeps (reads only,
 * never a money route), how an answer marks or clears a screen's copy, and how the banner says
 * the copy's time.
 */
import { routes } from '#shared/routes';
import { describe, expect, it } from 'vitest';
import { offlineCopyLabel } from '../../web/src/lib/pwa/offline-copy-label';
import { forgetOfflineCopies, recordAnswer } from '../../web/src/lib/pwa/offline-copy-store';
import { OFFLINE_COPY_HEADER, OFFLINE_COPY_PATHS } from '../../web/src/lib/pwa/offline-copies';

describe('the reads kept offline', () => {
  it("keeps 'Mes cours', 'Mes paiements', the notifications and the search, and only GETs", () => {
    expect([...OFFLINE_COPY_PATHS.keys()]).toEqual(expect.arrayContaining(['/api/lessons', '/api/transactions', '/api/notifications', '/api/search/tutors', '/api/me']));
    for (const id of OFFLINE_COPY_PATHS.values()) expect(routes[id].method, id).toBe('GET');
  });
});

describe('the copy a screen shows', () => {
  it("is marked by the worker's header and cleared by a fresh answer", () => {
    const copy = new Response('{}', { headers: { [OFFLINE_COPY_HEADER]: 'Fri, 27 Nov 2026 14:32:10 GMT' } });
    recordAnswer('listMyLessons', copy);
    expect(forgetOfflineCopies()).toBe(true);
    expect(forgetOfflineCopies()).toBe(false);
    recordAnswer('listMyLessons', copy);
    recordAnswer('listMyLessons', new Response('{}'));
    expect(forgetOfflineCopies()).toBe(false);
  });

  it('ignores the answers of routes the worker does not copy', () => {
    recordAnswer('listFavorites', new Response('{}', { headers: { [OFFLINE_COPY_HEADER]: 'Fri, 27 Nov 2026 14:32:10 GMT' } }));
    expect(forgetOfflineCopies()).toBe(false);
  });
});

describe("the banner's words", () => {
  it('gives the time in Abidjan (UTC) the same day, and names the day otherwise', () => {
    const madeAt = new Date('2026-11-27T14:32:10Z');
    expect(offlineCopyLabel(madeAt, new Date('2026-11-27T21:00:00Z'))).toBe('Hors ligne — mis à jour à 14:32');
    expect(offlineCopyLabel(madeAt, new Date('2026-11-28T08:00:00Z'))).toBe('Hors ligne — mis à jour le vendredi 27 novembre à 14:32');
  });
});


/**
 * A visitor's way back after 'Connexion requise' (issue 17): the pending action kept in this
 * tab's sessionStorage — one entry, checked when written and when read, expiring, and only ever
 * sending the app back to a tutor's page or the search (no open redirect) — and the text a shared
 * tutor link carries.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  forgetPendingAction,
  isAllowedReturnPath,
  opensOnSignUp,
  PENDING_ACTION_TTL_MS,
  pendingAction,
  rememberPendingAction,
  tutorOfReturnPath,
} from '../../web/src/lib/auth/after-sign-in';
import { shareTextOf } from '../../web/src/features/tutors/share-text';
import { listedName } from '../../web/src/lib/visitor-tutors';

/** The browser's sessionStorage, as the module uses it. */
class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  get size() {
    return this.items.size;
  }
}

const KEY = 'kalan:after-sign-in';
let storage: MemoryStorage;

beforeEach(() => {
  storage = new MemoryStorage();
  vi.stubGlobal('window', { sessionStorage: storage });
});
afterEach(() => vi.unstubAllGlobals());

const NOW = Date.parse('2026-12-01T09:00:00.000Z');

describe('the return paths allowed after a sign-in', () => {
  it.each([
    '/tutors/2b4c6d8e-1234-4abc-9def-0123456789ab',
    '/tutors/tutor_1',
    '/search',
    '/search?subject=Math%C3%A9matiques&location=cocody',
    '/search?q=anglais+yopougon&sortBy=price&sortOrder=asc',
  ])('takes %s', (path) => {
    expect(isAllowedReturnPath(path)).toBe(true);
  });

  it.each([
    '',
    '/',
    'https://evil.example/tutors/1',
    '//evil.example/tutors/1',
    '/\\evil.example',
    '/tutors/',
    '/tutors/1/../../admin',
    '/tutors/1?next=https://evil.example',
    '/tutors/1#x',
    '/tutors/%2F%2Fevil.example',
    '/admin',
    '/payments',
    '/search/../admin',
    '/search?q=<script>',
    '/search?q="x"',
    '/searchx',
    'javascript:alert(1)',
    ` /tutors/1`,
    '/tutors/1\n',
  ])('refuses %j', (path) => {
    expect(isAllowedReturnPath(path)).toBe(false);
  });

  it('names the tutor of a tutor page', () => {
    expect(tutorOfReturnPath('/tutors/abc-1')).toBe('abc-1');
    expect(tutorOfReturnPath('/search?q=abc')).toBeNull();
  });

  it('opens /auth on the sign-up when asked', () => {
    expect(opensOnSignUp(new URLSearchParams('etape=inscription'))).toBe(true);
    expect(opensOnSignUp(new URLSearchParams(''))).toBe(false);
  });
});

describe('the pending action', () => {
  it('is remembered once, read back, replaced by the next one and forgotten', () => {
    expect(rememberPendingAction({ action: 'book', tutorId: 't1', returnTo: '/tutors/t1' }, NOW)).toBe(true);
    expect(pendingAction(NOW + 1000)).toEqual({ action: 'book', tutorId: 't1', returnTo: '/tutors/t1', expiresAt: NOW + PENDING_ACTION_TTL_MS });
    expect(rememberPendingAction({ action: 'favorite', tutorId: 't2', returnTo: '/search?subject=Anglais' }, NOW)).toBe(true);
    expect(storage.size).toBe(1);
    expect(pendingAction(NOW)?.tutorId).toBe('t2');
    forgetPendingAction();
    expect(pendingAction(NOW)).toBeNull();
  });

  it('expires after 30 minutes, and is dropped from the storage then', () => {
    rememberPendingAction({ action: 'favorite', tutorId: 't1', returnTo: '/tutors/t1' }, NOW);
    expect(pendingAction(NOW + PENDING_ACTION_TTL_MS - 1)).not.toBeNull();
    expect(pendingAction(NOW + PENDING_ACTION_TTL_MS)).toBeNull();
    expect(storage.size).toBe(0);
  });

  it('refuses to remember a return path outside the allow-list', () => {
    expect(rememberPendingAction({ action: 'favorite', tutorId: 't1', returnTo: 'https://evil.example/' }, NOW)).toBe(false);
    expect(rememberPendingAction({ action: 'recommend', returnTo: '//evil.example' }, NOW)).toBe(false);
    expect(storage.size).toBe(0);
  });

  it('refuses a booking that would resume on another tutor, and a tutor action without a tutor', () => {
    expect(rememberPendingAction({ action: 'book', tutorId: 't1', returnTo: '/tutors/t2' }, NOW)).toBe(false);
    expect(rememberPendingAction({ action: 'book', tutorId: 't1', returnTo: '/search' }, NOW)).toBe(false);
    expect(rememberPendingAction({ action: 'favorite', returnTo: '/search' }, NOW)).toBe(false);
    expect(rememberPendingAction({ action: 'recommend', returnTo: '/search?subject=Anglais' }, NOW)).toBe(true);
  });

  it.each([
    ['not JSON', '{'],
    ['not an object', '"/tutors/1"'],
    ['an unknown action', JSON.stringify({ action: 'pay', tutorId: 't1', returnTo: '/tutors/t1', expiresAt: NOW + 1000 })],
    ['a foreign return path', JSON.stringify({ action: 'favorite', tutorId: 't1', returnTo: 'https://evil.example', expiresAt: NOW + 1000 })],
    ['a protocol-relative path', JSON.stringify({ action: 'recommend', returnTo: '//evil.example/search', expiresAt: NOW + 1000 })],
    ['no expiry', JSON.stringify({ action: 'favorite', tutorId: 't1', returnTo: '/tutors/t1' })],
    ['an expiry beyond the 30 minutes', JSON.stringify({ action: 'favorite', tutorId: 't1', returnTo: '/tutors/t1', expiresAt: NOW + PENDING_ACTION_TTL_MS + 1 })],
    ['a tutor id that is no id', JSON.stringify({ action: 'favorite', tutorId: '../admin', returnTo: '/tutors/t1', expiresAt: NOW + 1000 })],
  ])('ignores and drops an entry with %s, whoever wrote it', (_case, text) => {
    storage.setItem(KEY, text);
    expect(pendingAction(NOW)).toBeNull();
    expect(storage.size).toBe(0);
  });

  it('works without storage (private mode): nothing remembered, nothing thrown', () => {
    vi.stubGlobal('window', {
      sessionStorage: {
        getItem: () => {
          throw new Error('denied');
        },
        setItem: () => {
          throw new Error('denied');
        },
        removeItem: () => {
          throw new Error('denied');
        },
      },
    });
    expect(rememberPendingAction({ action: 'favorite', tutorId: 't1', returnTo: '/tutors/t1' }, NOW)).toBe(false);
    expect(pendingAction(NOW)).toBeNull();
    expect(() => forgetPendingAction()).not.toThrow();
  });
});

describe('what a visitor reads of a tutor', () => {
  it('names the tutor by the visitor’s name when the API gives it, by the full name otherwise', () => {
    expect(listedName({ display_name: 'Yao K.' })).toBe('Yao K.');
    expect(listedName({ first_name: 'Yao', last_name: 'Kouassi' })).toBe('Yao Kouassi');
  });

  it('says who, what, where and how much in a shared link’s text', () => {
    const text = shareTextOf({ subjects: ['Mathématiques', 'Physique-Chimie'], location: 'cocody', hourly_rate: 5000 }, 'Yao K.');
    expect(text.replace(/\u00a0|\u202f/g, ' ')).toBe('Yao K., répétiteur en Mathématiques, Physique-Chimie à Cocody — 5 000 FCFA/h, sur Kalan');
    expect(shareTextOf({ subjects: [], location: null, hourly_rate: null }, 'Awa D.')).toBe('Awa D., répétiteur, sur Kalan');
  });

  it("names the place in French: 'à Port-Bouët', 'au Plateau', 'à distance' (never 'à Cours à distance')", () => {
    const at = (location: string) => shareTextOf({ subjects: ['Anglais'], location, hourly_rate: null }, 'Awa D.');
    expect(at('port-bouet')).toBe('Awa D., répétiteur en Anglais à Port-Bouët, sur Kalan');
    expect(at('plateau')).toBe('Awa D., répétiteur en Anglais au Plateau, sur Kalan');
    expect(at('distance')).toBe('Awa D., répétiteur en Anglais à distance, sur Kalan');
  });
});

/**
 * The ways into messages (issue 31), as plain functions: who has 'Messages' in the header menu
 * and the tab bar, the unread count in the button's name, a visitor's 'Poser une question' kept
 * across the sign-in (and only ever resuming on that tutor's page), and the tutor's response
 * figures read from a view that may not carry them yet.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hasMessages, MESSAGES, messagesLabel, NAVIGATION } from '../../web/src/components/layout/navigation';
import { PENDING_ACTION_TTL_MS, pendingAction, rememberPendingAction } from '../../web/src/lib/auth/after-sign-in';
import { responseFigures } from '../../web/src/features/tutors/response-stats';

describe("'Messages' in the navigation", () => {
  it('is a parent’s and a tutor’s, in the menu and the tab bar, and nobody else’s', () => {
    for (const role of ['parent', 'tuteur'] as const) {
      expect(NAVIGATION[role].menu).toContain(MESSAGES);
      expect(NAVIGATION[role].tabBarLinks).toContain(MESSAGES);
      expect(hasMessages(role)).toBe(true);
    }
    for (const role of ['entreprise', 'admin'] as const) {
      expect(NAVIGATION[role].menu).not.toContain(MESSAGES);
      expect(NAVIGATION[role].tabBarLinks ?? []).not.toContain(MESSAGES);
      expect(hasMessages(role)).toBe(false);
    }
    expect(hasMessages(undefined)).toBe(false);
    expect(MESSAGES.to).toBe('/messages');
  });

  it('says the unread count in the button’s name, singular and plural', () => {
    expect(messagesLabel(0)).toBe('Messages');
    expect(messagesLabel(1)).toBe('Messages, 1 non lu');
    expect(messagesLabel(7)).toBe('Messages, 7 non lus');
  });
});

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
}

describe("a visitor's 'Poser une question', kept across the sign-in", () => {
  const NOW = Date.parse('2026-12-01T09:00:00.000Z');
  beforeEach(() => vi.stubGlobal('window', { sessionStorage: new MemoryStorage() }));
  afterEach(() => vi.unstubAllGlobals());

  it('resumes on that tutor’s page', () => {
    expect(rememberPendingAction({ action: 'ask', tutorId: 't1', returnTo: '/tutors/t1' }, NOW)).toBe(true);
    expect(pendingAction(NOW + 1000)).toEqual({ action: 'ask', tutorId: 't1', returnTo: '/tutors/t1', expiresAt: NOW + PENDING_ACTION_TTL_MS });
  });

  it('never on another tutor’s page, the search, or without a tutor', () => {
    expect(rememberPendingAction({ action: 'ask', tutorId: 't1', returnTo: '/tutors/t2' }, NOW)).toBe(false);
    expect(rememberPendingAction({ action: 'ask', tutorId: 't1', returnTo: '/search' }, NOW)).toBe(false);
    expect(rememberPendingAction({ action: 'ask', returnTo: '/tutors/t1' }, NOW)).toBe(false);
    expect(pendingAction(NOW)).toBeNull();
  });
});

describe("the tutor's response figures", () => {
  it('says the median time and the rate when the view has them', () => {
    expect(responseFigures({ response_stats: { response_hours: 2.2, response_rate: 91.6 } })).toEqual({
      responseTime: 'Répond en général en 3 h',
      responseRate: 'Taux de réponse : 92 %',
    });
    expect(responseFigures({ response_stats: { response_hours: 0.4, response_rate: 100 } })?.responseTime).toBe(
      'Répond en général en moins d’une heure',
    );
  });

  it('says nothing below the minimum of questions (null), or from a view without the field', () => {
    expect(responseFigures({ response_stats: null })).toBeNull();
    expect(responseFigures({})).toBeNull();
    expect(responseFigures({ response_stats: { response_hours: Number.NaN, response_rate: 50 } })).toBeNull();
  });
});

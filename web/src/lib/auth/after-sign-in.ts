/**
 * What a visitor was doing when the app asked them to sign in ('Connexion requise', issue 17):
 * the tutor they wanted to book, keep as a favourite or ask a question (issue 31), and the page to
 * come back to. One entry, in this tab only (sessionStorage), kept 30 minutes: the sign-up, its
 * e-mail code and the onboarding fit in that, and an entry forgotten there does not fire on some
 * later visit.
 *
 * The page to come back to is checked against an allow-list (a tutor's page, the search), when it
 * is remembered and again when it is read: whatever is in the storage, the app never navigates
 * anywhere else from it (no open redirect).
 */

/** The actions a visitor meets 'Connexion requise' on, and that resume after the sign-in. */
export const PENDING_ACTIONS = ['book', 'favorite', 'recommend', 'ask'] as const;
export type PendingActionKind = (typeof PENDING_ACTIONS)[number];

export interface PendingAction {
  action: PendingActionKind;
  /** The tutor the action is about (booking, favourite, question); none for the recommendations. */
  tutorId?: string;
  /** Where the visitor was: `/tutors/{id}` or `/search?…` (isAllowedReturnPath). */
  returnTo: string;
  /** Epoch milliseconds after which the entry is void. */
  expiresAt: number;
}

const KEY = 'kalan:after-sign-in';

/** /auth opened on its sign-up form: 'Créer un compte' of 'Connexion requise'. */
export const SIGN_UP_PATH = '/auth?etape=inscription';
export const opensOnSignUp = (params: URLSearchParams) => params.get('etape') === 'inscription';
export const PENDING_ACTION_TTL_MS = 30 * 60 * 1000;

const TUTOR_ID = /^[A-Za-z0-9_-]{1,64}$/;
const TUTOR_PAGE = /^\/tutors\/([A-Za-z0-9_-]{1,64})$/;
/** The search and its filters in the query string: letters, digits and URL escapes only. */
const SEARCH_PAGE = /^\/search(\?[A-Za-z0-9%._~&=+-]{0,500})?$/;

/** A path of this app the visitor may be sent back to: a tutor's page or the search. */
export function isAllowedReturnPath(path: string): boolean {
  return TUTOR_PAGE.test(path) || SEARCH_PAGE.test(path);
}

/** The tutor whose page a return path is, if it is one. */
export function tutorOfReturnPath(path: string): string | null {
  return TUTOR_PAGE.exec(path)?.[1] ?? null;
}

function parse(text: string | null, now: number): PendingAction | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { action, tutorId, returnTo, expiresAt } = value as Record<string, unknown>;
  if (typeof action !== 'string' || !(PENDING_ACTIONS as readonly string[]).includes(action)) return null;
  if (typeof returnTo !== 'string' || !isAllowedReturnPath(returnTo)) return null;
  if (typeof expiresAt !== 'number' || !(expiresAt > now) || expiresAt > now + PENDING_ACTION_TTL_MS) return null;
  if (tutorId !== undefined && (typeof tutorId !== 'string' || !TUTOR_ID.test(tutorId))) return null;
  // Booking, favourites and questions are about a tutor; a booking and a question resume on that tutor's page.
  if (action !== 'recommend' && tutorId === undefined) return null;
  if ((action === 'book' || action === 'ask') && tutorOfReturnPath(returnTo) !== tutorId) return null;
  return { action: action as PendingActionKind, tutorId, returnTo, expiresAt };
}

/**
 * Remembers the action before the visitor leaves for /auth (replacing any earlier one). Answers
 * false, remembering nothing, for a path outside the allow-list or storage that is disabled.
 */
export function rememberPendingAction(entry: Omit<PendingAction, 'expiresAt'>, now = Date.now()): boolean {
  const value: PendingAction = { ...entry, expiresAt: now + PENDING_ACTION_TTL_MS };
  if (!parse(JSON.stringify(value), now)) return false;
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

/** The action waiting for the sign-in, if a valid one is stored (an invalid or stale one is dropped). */
export function pendingAction(now = Date.now()): PendingAction | null {
  try {
    const entry = parse(window.sessionStorage.getItem(KEY), now);
    if (!entry) window.sessionStorage.removeItem(KEY);
    return entry;
  } catch {
    return null;
  }
}

/** The action is done (or given up): it must not run twice. */
export function forgetPendingAction(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // nothing stored
  }
}

/**
 * Where each role may go, in one place: the header menu, Home's tab bar and the guards of the
 * role-specific screens all read this table, so no entry leads a role to a screen that is not its
 * own (a tutor sent to the parent's /payments got a 403). Spec §2 (routes, header, Home) and §6.
 */
import type { Role } from '#shared/constants';

/**
 * An entry's icon, by name: the icons themselves are in navigation-icons.ts, read by the header and
 * Home's tab bar only. The guards read this table too, and they are on /auth's path: importing
 * `react-icons/lu` here bundled every icon of the app into the first page (issue 14).
 */
export type NavigationIcon = 'home' | 'search' | 'lessons' | 'messages' | 'payments' | 'revenues' | 'favorites' | 'dashboard' | 'profile';

export interface NavigationLabel {
  label: string;
  icon: NavigationIcon;
}

export interface NavigationEntry extends NavigationLabel {
  /** Path (and query) the entry opens. */
  to: string;
}

const HOME: NavigationEntry = { to: '/', label: 'Accueil', icon: 'home' };
const SEARCH: NavigationEntry = { to: '/search', label: 'Recherche', icon: 'search' };
/** Issue 15: the lessons of a parent or a tutor, with the tutor's week. */
const LESSONS: NavigationEntry = { to: '/cours', label: 'Mes cours', icon: 'lessons' };
/** Issue 31: the conversations of a parent or a tutor (the roles that have some). */
export const MESSAGES: NavigationEntry = { to: '/messages', label: 'Messages', icon: 'messages' };
const PARENT_PAYMENTS: NavigationEntry = { to: '/payments', label: 'Paiements', icon: 'payments' };
const TUTOR_REVENUES: NavigationEntry = { to: '/tutor-revenues', label: 'Revenus', icon: 'revenues' };
const FAVORITES: NavigationEntry = { to: '/favorites', label: 'Favoris', icon: 'favorites' };
/** The admin's payments are the dashboard's Paiements tab. */
const ADMIN_PAYMENTS: NavigationEntry = { to: '/admin?onglet=paiements', label: 'Paiements', icon: 'payments' };
const ADMIN_DASHBOARD: NavigationEntry = { to: '/admin', label: 'Tableau de bord', icon: 'dashboard' };

/** Home's tabs, in the tab bar's order. */
export const HOME_TABS = ['home', 'search', 'payments', 'favorites', 'profile'] as const;
export type HomeTab = (typeof HOME_TABS)[number];

/**
 * Home opened on one of its tabs, by the location's state: the profile editor goes back to the
 * Profil tab (issue 28). Any other state opens the first tab, as before.
 */
export interface HomeTabState {
  tab: HomeTab;
}
export const PROFILE_TAB_STATE: HomeTabState = { tab: 'profile' };

export function tabOpenedBy(state: unknown): HomeTab {
  const tab = (state as Partial<HomeTabState> | null)?.tab;
  return (HOME_TABS as readonly unknown[]).includes(tab) ? (tab as HomeTab) : 'home';
}

/**
 * The profile editor (issue 28): the role's onboarding steps, each one opened directly by its id
 * (`/profile/edit?etape=disponibilites`), whatever the device remembers of the onboarding.
 */
export const PROFILE_EDITOR_PATH = '/profile/edit';
export const PROFILE_EDITOR_STEP = 'etape';
export const profileEditorPath = (step?: string) =>
  step ? `${PROFILE_EDITOR_PATH}?${new URLSearchParams({ [PROFILE_EDITOR_STEP]: step })}` : PROFILE_EDITOR_PATH;

const tab = ({ label, icon }: NavigationLabel): NavigationLabel => ({ label, icon });
const PROFILE_TAB: NavigationLabel = { label: 'Profil', icon: 'profile' };

export type HomeTabBar = Partial<Record<HomeTab, NavigationLabel>>;

export interface RoleNavigation {
  /** The header menu's entries (before 'Se déconnecter'). */
  menu: readonly NavigationEntry[];
  /** Home's tabs for this role (a tab not listed is not shown). */
  homeTabs: HomeTabBar;
  /** The tab bar's entries that open a screen of their own (after the tabs), e.g. 'Messages'. */
  tabBarLinks?: readonly NavigationEntry[];
  /** The role's own money screen (payments or revenues), if it has one. */
  money?: NavigationEntry;
}

export const NAVIGATION: Record<Role, RoleNavigation> = {
  parent: {
    menu: [HOME, SEARCH, LESSONS, MESSAGES, PARENT_PAYMENTS, FAVORITES],
    homeTabs: { home: tab(HOME), search: tab(SEARCH), payments: tab(PARENT_PAYMENTS), favorites: tab(FAVORITES), profile: PROFILE_TAB },
    tabBarLinks: [MESSAGES],
    money: PARENT_PAYMENTS,
  },
  // Spec §6: a tutor sees its earnings at /tutor-revenues and in the payments tab. Favourites are a parent's.
  tuteur: {
    menu: [HOME, SEARCH, LESSONS, MESSAGES, TUTOR_REVENUES],
    homeTabs: { home: tab(HOME), search: tab(SEARCH), payments: tab(TUTOR_REVENUES), profile: PROFILE_TAB },
    tabBarLinks: [MESSAGES],
    money: TUTOR_REVENUES,
  },
  // Spec §6: a company has its own onboarding only — no payments, no favourites.
  entreprise: {
    menu: [HOME, SEARCH],
    homeTabs: { home: tab(HOME), search: tab(SEARCH), profile: PROFILE_TAB },
  },
  admin: {
    menu: [HOME, SEARCH, ADMIN_PAYMENTS, ADMIN_DASHBOARD],
    homeTabs: { home: tab(HOME), search: tab(SEARCH), payments: tab(ADMIN_PAYMENTS), profile: PROFILE_TAB },
    money: ADMIN_PAYMENTS,
  },
};

/** The header menu's value for 'Se déconnecter' (the other entries' values are their paths). */
export const SIGN_OUT_ENTRY = 'sign-out';

/** Before the profile is known, only what every role has. */
export const COMMON_MENU: readonly NavigationEntry[] = [HOME, SEARCH];

export function navigationOf(role: Role | undefined): RoleNavigation | undefined {
  return role ? NAVIGATION[role] : undefined;
}

/** ', 3 non lus', ', 1 non lu', '': what the tab bar's 'Messages' says after its label to screen readers. */
export function unreadMessagesSuffix(unread: number): string {
  return unread > 0 ? `, ${unread} non ${unread > 1 ? 'lus' : 'lu'}` : '';
}

/** 'Messages, 3 non lus', 'Messages, 1 non lu', 'Messages': the header's button's name. */
export const messagesLabel = (unread: number): string => `${MESSAGES.label}${unreadMessagesSuffix(unread)}`;

/** The roles that have conversations (issue 31: a parent and a tutor), as their menus say. */
export function hasMessages(role: Role | undefined): boolean {
  return navigationOf(role)?.menu.includes(MESSAGES) ?? false;
}

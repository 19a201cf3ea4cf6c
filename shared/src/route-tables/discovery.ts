import { ROLES } from '../constants.js';
import type { RouteDefinition } from '../routes.js';

/**
 * Search, favourites, search history, AI recommendations.
 * Anyone signed in may search; favourites, history and recommendations are a parent's (spec §6),
 * always the caller's own (the owner is the token's subject, never a parameter).
 */
export const discoveryRoutes = {
  // An admin searches the catalogue any signed-in user searches: no second factor needed.
  searchTutors: { method: 'GET', path: '/api/search/tutors', handler: 'search/search-tutors', auth: 'jwt', roles: ROLES, adminWithoutSecondFactor: true },
  listFavorites: { method: 'GET', path: '/api/favorites', handler: 'favorites/list-favorites', auth: 'jwt', roles: ['parent'] },
  addFavorite: { method: 'POST', path: '/api/favorites', handler: 'favorites/add-favorite', auth: 'jwt', roles: ['parent'] },
  removeFavorite: {
    method: 'DELETE',
    path: '/api/favorites/{tutorId}',
    handler: 'favorites/remove-favorite',
    auth: 'jwt',
    roles: ['parent'],
  },
  listSearchHistory: {
    method: 'GET',
    path: '/api/search-history',
    handler: 'history/list-history',
    auth: 'jwt',
    roles: ['parent'],
  },
  recordSearch: { method: 'POST', path: '/api/search-history', handler: 'history/record-search', auth: 'jwt', roles: ['parent'] },
  clearSearchHistory: {
    method: 'DELETE',
    path: '/api/search-history',
    handler: 'history/clear-history',
    auth: 'jwt',
    roles: ['parent'],
  },
  /** The spec's 'ai-tutor-recommendations'. */
  recommendTutors: {
    method: 'POST',
    path: '/api/recommendations',
    handler: 'recommendations/recommend-tutors',
    auth: 'jwt',
    roles: ['parent'],
  },
} as const satisfies Record<string, RouteDefinition>;

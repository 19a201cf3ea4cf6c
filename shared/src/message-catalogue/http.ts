export const httpMessages = {
  unauthorized: 'Authentification requise',
  forbidden: "Vous n'avez pas accès à cette ressource",
  notFound: 'Ressource introuvable',
  routeNotFound: 'Route introuvable',
  conflict: 'Conflit : la ressource a changé entre-temps',
  internal: "Une erreur inattendue s'est produite",
  profileNotFound: 'Profil introuvable',
  malformedUrl: "L'adresse de la requête est mal formée",
  payloadTooLarge: 'Le corps de la requête est trop volumineux',
  malformedRequest: 'La requête HTTP est mal formée',
  headersTooLarge: 'Les en-têtes de la requête sont trop volumineux',
  requestTimeout: 'La requête a mis trop de temps à arriver',
  /** The public API's limit per address (the cloud's WAF, the local router). */
  tooManyRequests: 'Trop de requêtes : réessayez dans quelques minutes.',
} as const;

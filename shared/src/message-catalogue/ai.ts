export const aiMessages = {
  failure: 'Erreur lors de la génération des recommandations',
  loading: "L'IA analyse vos préférences...",
  empty: 'Aucune recommandation disponible',
  parentsOnly: 'Les recommandations sont réservées aux comptes parents',
} as const;

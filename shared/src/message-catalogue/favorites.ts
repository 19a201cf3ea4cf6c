export const favoritesMessages = {
  loadTitle: 'Erreur',
  loadFailure: 'Impossible de charger les favoris',
  duplicateTitle: 'Déjà en favoris',
  duplicate: 'Ce répétiteur est déjà dans vos favoris',
  addFailure: "Impossible d'ajouter aux favoris",
  removeFailure: 'Impossible de retirer des favoris',
  added: 'Ajouté aux favoris',
  removed: 'Retiré des favoris',
  empty: 'Aucun favori pour le moment',
  tutorNotFound: "Ce répétiteur n'existe pas ou n'est plus disponible",
  notInFavorites: "Ce répétiteur n'est pas dans vos favoris",
  parentsOnly: 'Les favoris sont réservés aux comptes parents',
} as const;

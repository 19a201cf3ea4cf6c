export const revenuesMessages = {
  loadFailure: 'Impossible de charger vos revenus',
  profileMissing: 'Profil répétiteur non trouvé',
} as const;

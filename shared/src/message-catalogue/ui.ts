/** Interface texts the spec does not write (loading, boot failure, navigation). */
export const uiMessages = {
  loading: 'Chargement…',
  configLoadFailure: "Impossible de charger la configuration de l'application.",
  networkFailure: 'Impossible de joindre le serveur. Vérifiez votre connexion internet.',
  profileLoadFailure: 'Impossible de charger votre profil.',
  retry: 'Réessayer',
  signOut: 'Se déconnecter',
  back: 'Retour',
  backHome: "Retour à l'accueil",
} as const;

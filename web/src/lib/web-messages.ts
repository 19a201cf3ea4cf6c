/**
 * Interface texts of the SPA that the specification does not write (loading, boot failure,
 * placeholders of screens still to come). Spec strings come from `messages` in `#shared`.
 */
export const webMessages = {
  loading: 'Chargement…',
  configLoadFailure: "Impossible de charger la configuration de l'application.",
  networkFailure: 'Impossible de joindre le serveur. Vérifiez votre connexion internet.',
  profileLoadFailure: 'Impossible de charger votre profil.',
  retry: 'Réessayer',
  signOut: 'Se déconnecter',
  back: 'Retour',
  backHome: "Retour à l'accueil",
} as const;

/** Issue 34: the installed app, its offline copies and its updates. */
export const offlineMessages = {
  /** Over a screen whose data is the last copy kept on the phone: the time that copy was made (HH:MM). */
  copyBanner: (time: string) => `Hors ligne — mis à jour à ${time}`,
  copyBannerDay: (day: string, time: string) => `Hors ligne — mis à jour le ${day} à ${time}`,
  /** Beside a disabled money action: money never moves from a queue. */
  paymentNeedsConnection: 'Connexion requise pour payer. Reconnectez-vous à internet puis réessayez.',
  payoutNeedsConnection: 'Connexion requise pour demander un retrait.',
  moneyActionNeedsConnection: 'Connexion requise : cette action déplace de l’argent, elle ne peut pas attendre le retour du réseau.',
  updateTitle: 'Nouvelle version disponible',
  updateText: 'Kalan a été amélioré. Mettez à jour maintenant, ou la nouvelle version s’ouvrira à votre prochaine visite.',
  updateAction: 'Mettre à jour',
  later: 'Plus tard',
  installTitle: 'Installer Kalan',
  installText: 'Retrouvez Kalan sur votre écran d’accueil : vos cours et vos paiements restent lisibles même sans réseau.',
  installAction: 'Installer',
  installDismiss: 'Non merci',
} as const;

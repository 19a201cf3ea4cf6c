/** The local mailbox of `npm start` (infra/local/mailbox.ts): where the local stack's e-mails land. */
export const mailboxMessages = {
  title: 'Boîte aux lettres locale',
  description: "Les e-mails envoyés par la pile locale (codes de vérification, réinitialisations) : rien ne part sur Internet.",
  empty: 'Aucun e-mail pour le moment.',
  to: 'À',
  receivedAt: 'Reçu le',
  code: 'Code',
  filteredBy: (to: string) => `E-mails pour ${to}`,
  showAll: 'Tout afficher',
  notFound: 'Ressource introuvable',
  methodNotAllowed: 'Méthode non autorisée',
} as const;

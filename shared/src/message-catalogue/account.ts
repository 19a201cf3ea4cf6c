/** My data (law 2013-450 of Côte d'Ivoire): export and account deletion. */
export const accountMessages = {
  sectionTitle: 'Mes données',
  sectionIntro:
    'Vous pouvez télécharger tout ce que Kalan garde sur vous, ou supprimer votre compte (loi n° 2013-450 relative à la protection des données à caractère personnel).',
  exportButton: 'Télécharger mes données',
  exporting: 'Préparation…',
  exportFailure: 'Impossible de télécharger vos données',
  exportSuccess: 'Vos données ont été téléchargées',
  deleteButton: 'Supprimer mon compte',
  dialogTitle: 'Supprimer votre compte ?',
  whatIsDeleted:
    'Seront supprimés : votre profil, vos réponses à l’inscription, vos favoris, votre historique de recherche, votre fiche de répétiteur (vous disparaissez de la recherche) et vos documents d’identité.',
  whatIsKept:
    'Seront gardés : vos paiements et le journal comptable, avec leurs montants, comme la loi sur la comptabilité l’exige ; votre nom, votre email et votre téléphone y sont remplacés par «\u00a0Compte supprimé\u00a0».',
  irreversible: 'Cette action est définitive.',
  confirmWord: 'SUPPRIMER',
  confirmLabel: 'Pour confirmer, tapez SUPPRIMER',
  confirmButton: 'Supprimer définitivement',
  deleting: 'Suppression…',
  cancel: 'Annuler',
  deleted: 'Votre compte a été supprimé',
  deletedDetail: 'Vos données personnelles ont été effacées. Merci d’avoir utilisé Kalan.',
  deleteFailure: 'Impossible de supprimer votre compte',
  moneyInFlight:
    'Votre compte ne peut pas être supprimé tant que de l’argent est en cours : terminez d’abord les paiements ci-dessous (payez ou laissez expirer un paiement en attente, libérez ou faites rembourser les fonds en séquestre, attendez la décision sur un litige ou un remboursement en cours).',
  adminCannotDelete:
    'Un compte administrateur ne se supprime pas lui-même : demandez à un autre administrateur ou à l’exploitant de la plateforme de le supprimer.',
  adminNotice:
    'Un compte administrateur est supprimé par un autre administrateur ou par l’exploitant de la plateforme.',
  /** What replaces a deleted account's name, email and phone on the money records it leaves. */
  anonymised: 'Compte supprimé',
  /** The API's 401 to a token of an account deleted since it was issued (it stays valid until it expires). */
  accountDeleted: 'Ce compte a été supprimé : reconnectez-vous avec un autre compte ou créez-en un nouveau',
} as const;

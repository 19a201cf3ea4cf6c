export const kycMessages = {
  submitFailure: 'Impossible de soumettre la vérification. Veuillez réessayer.',
  submitSuccess: 'KYC soumis',
  updateFailure: 'Impossible de mettre à jour la vérification.',
  approved: 'KYC approuvé',
  rejected: 'KYC rejeté',
  defaultRejectNote: 'Documents non conformes',
  bothPhotosRequired: "La photo de la pièce d'identité et le selfie sont requis",
  alreadyPending: 'Une vérification est déjà en cours',
  alreadyApproved: 'Votre identité est déjà vérifiée',
  alreadyReviewed: 'Cette vérification a déjà été traitée',
  notFound: 'Vérification introuvable',
  noteTooLong: 'La note ne doit pas dépasser 500 caractères',
  pendingTitle: 'Vérification en cours',
  pendingDescription:
    "Nous vérifions vos documents. Cela prend généralement 24-48 heures ouvrables. Vous serez visible comme répétiteur vérifié dès l'approbation.",
} as const;

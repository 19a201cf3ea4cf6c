/** Issue 32: the trial guarantee ('Premier cours'). */
export const guaranteeMessages = {
  choiceRequired: 'Choisissez un remboursement ou un autre répétiteur',
  notTrial: 'Ce cours n’est pas un premier cours',
  windowClosed: 'La garantie premier cours se demande dans les 24 heures qui suivent la fin du cours',
  alreadyClaimed: 'La garantie a déjà été demandée pour ce cours',
  yearlyLimit: 'Vous avez déjà utilisé la garantie premier cours deux fois cette année',
  fundsReleased: 'Le cours a été confirmé : la garantie ne s’applique plus',
  refunded: 'Garantie appliquée : vous serez remboursé intégralement',
  credited: 'Garantie appliquée : choisissez un autre répétiteur pour votre cours offert',
} as const;

export const searchMessages = {
  failure: 'Erreur lors de la recherche des répétiteurs',
  empty: 'Aucun résultat trouvé',
  /** Issue 33: the words of the text that no tutor fitting the rest holds, let go. */
  withoutWords: (words: readonly string[]) =>
    `Aucun répétiteur pour « ${words.join(' ')} » : voici les résultats sans ${words.length > 1 ? 'ces mots' : 'ce mot'}`,
  removeChip: (label: string) => `Retirer « ${label} » de la recherche`,
  historyEmpty: 'Aucune recherche récente',
  historyCleared: 'Historique effacé',
  historyClearFailure: "Impossible d'effacer l'historique",
} as const;

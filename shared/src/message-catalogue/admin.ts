export const adminMessages = {
  transactionsLoadFailure: 'Impossible de charger les transactions',
  actionFailure: "Impossible de traiter l'action",
  released: 'Fonds libérés avec succès',
  refunded: 'Remboursement traité avec succès',
  // 'Relancer' a transaction that needs attention (issue 11; not written by the spec).
  retry: 'Relancer',
  retryConfirmTitle: 'Relancer cette transaction ?',
  retryConfirm:
    "Kalan demande d'abord à Paystack ce qu'est devenu l'argent, applique sa réponse, puis relance le workflow de séquestre.",
  retryCancel: 'Annuler',
  retryFailureTitle: 'Relance impossible',
  retryNotNeeded: "Cette transaction n'attend aucune intervention : il n'y a rien à relancer",
  retryPaystackUnavailable: "Paystack est injoignable : rien n'a été modifié. Réessayez la relance dans un instant.",
  retryWorkflowUnavailable: "Le workflow de séquestre n'a pas pu être relancé : rien n'a été modifié. Réessayez dans un instant.",
  // Issue 11, point 5: paged lists and counters (not written by the spec).
  invalidCursor: 'Lien de page invalide : rechargez la liste depuis le début.',
  statsUnavailable: 'Les statistiques sont en cours de calcul : réessayez dans un instant.',
  loadMore: 'Charger plus',
  attentionFilter: 'À traiter',
  allTransactionsFilter: 'Toutes',
  /** What the retry did, by the status the transaction is in afterwards. */
  retried: {
    pending: 'Transaction relancée : le paiement est toujours en attente chez Paystack',
    requested: 'Transaction relancée : le cours attend la réponse du répétiteur',
    escrow: 'Transaction relancée : les fonds sont en séquestre',
    disputed: 'Transaction relancée : le litige attend votre décision',
    refund_pending: 'Transaction relancée : le remboursement est de nouveau demandé à Paystack',
    refunded: 'Paystack avait déjà remboursé ce paiement : la transaction est remboursée',
    failed: 'Transaction relancée : Paystack indique que le paiement a échoué',
    payment_mismatch: 'Transaction relancée : le paiement reçu ne correspond pas à la réservation',
    released: 'Transaction relancée : les fonds ont été libérés',
    needs_attention: "Transaction relancée, mais elle demande encore l'intervention d'un administrateur",
    credited: 'Transaction relancée : le crédit du parent est de nouveau disponible',
    transferred: 'Transaction relancée : le crédit a déjà payé un autre cours',
  },
} as const;

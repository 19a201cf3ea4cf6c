export const tutorsMessages = {
  notFound: 'Profil répétiteur introuvable',
  loadFailure: 'Impossible de charger le profil du répétiteur.',
  noRate: 'N/A',
  // Issue 15, point 1 (not written by the spec).
  slotsLoadFailure: 'Impossible de charger les créneaux libres.',
  noFreeSlots: 'Aucun créneau libre dans les deux prochaines semaines',
} as const;

// The reconciler's own input (the schedule's payload), never typed by a person.
export const reconcileMessages = {
  invalidEvent: 'Événement de réconciliation invalide : seul « source » (schedule, local ou manual) est accepté',
} as const;

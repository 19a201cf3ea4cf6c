import type { PayoutStatus } from '#shared/payouts';

/** The colour of a status's badge, the tutor's and the admin's alike. */
export const PAYOUT_STATUS_PALETTE: Record<PayoutStatus, string> = {
  requested: 'blue',
  sent: 'blue',
  needs_attention: 'orange',
  paid: 'green',
  failed: 'red',
  reversed: 'red',
  cancelled: 'gray',
};

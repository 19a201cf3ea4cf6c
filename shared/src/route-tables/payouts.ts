import type { RouteDefinition } from '../routes.js';

/**
 * Issue 30: the tutor's wallet and withdrawals (always the caller's own: the owner is the token's
 * subject, never a parameter), CinetPay's transfer notification (a hint: the status is read back
 * from its API), and the admin's payouts console.
 */
export const payoutRoutes = {
  getWallet: { method: 'GET', path: '/api/wallet', handler: 'payouts/wallet-api', auth: 'jwt', roles: ['tuteur'] },
  listMyPayouts: { method: 'GET', path: '/api/wallet/payouts', handler: 'payouts/wallet-api', auth: 'jwt', roles: ['tuteur'] },
  /** E-mails the 6-digit code that proves a destination change. */
  requestDestinationCode: { method: 'POST', path: '/api/wallet/destination/code', handler: 'payouts/wallet-api', auth: 'jwt', roles: ['tuteur'] },
  setPayoutDestination: { method: 'PUT', path: '/api/wallet/destination', handler: 'payouts/wallet-api', auth: 'jwt', roles: ['tuteur'] },
  requestWithdrawal: { method: 'POST', path: '/api/wallet/withdrawals', handler: 'payouts/wallet-api', auth: 'jwt', roles: ['tuteur'] },
  /** CinetPay Transfer's notify_url: unsigned form POST, never trusted (the status is read back). */
  cinetpayTransferNotification: { method: 'POST', path: '/api/webhooks/cinetpay-transfer', handler: 'payouts/cinetpay-notify', auth: 'public', roles: [] },
  adminPayouts: { method: 'GET', path: '/api/admin/payouts', handler: 'payouts/admin-api', auth: 'jwt', roles: ['admin'] },
  adminPayoutFloat: { method: 'GET', path: '/api/admin/payouts/float', handler: 'payouts/admin-api', auth: 'jwt', roles: ['admin'] },
  adminRetryPayout: { method: 'POST', path: '/api/admin/payouts/{id}/retry', handler: 'payouts/admin-api', auth: 'jwt', roles: ['admin'] },
  adminCancelPayout: { method: 'POST', path: '/api/admin/payouts/{id}/cancel', handler: 'payouts/admin-api', auth: 'jwt', roles: ['admin'] },
  adminPayoutDestinations: { method: 'GET', path: '/api/admin/payout-destinations', handler: 'payouts/admin-api', auth: 'jwt', roles: ['admin'] },
  adminReviewPayoutDestination: {
    method: 'POST',
    path: '/api/admin/payout-destinations/{tutorId}/review',
    handler: 'payouts/admin-api',
    auth: 'jwt',
    roles: ['admin'],
  },
} as const satisfies Record<string, RouteDefinition>;

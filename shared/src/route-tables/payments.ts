import type { RouteDefinition } from '../routes.js';

/** Bookings, Paystack, escrow, transactions, earnings, disputes and the admin's money views. */
export const paymentRoutes = {
  /** The spec's 'paystack-payment': prices the lesson on the server and initialises Paystack. */
  initializePayment: { method: 'POST', path: '/api/payments', handler: 'payments/initialize', auth: 'jwt', roles: ['parent'] },
  /** Paystack's webhook: no JWT, authenticated by its HMAC-SHA512 signature. */
  paystackWebhook: { method: 'POST', path: '/api/webhooks/paystack', handler: 'payments/webhook', auth: 'public', roles: [] },
  /** Mes Paiements: the parent's own transactions, newest first, with the summary counts. */
  listMyTransactions: { method: 'GET', path: '/api/transactions', handler: 'transactions/list-mine', auth: 'jwt', roles: ['parent'] },
  /** The spec's 'release-escrow': release or refund (parent on its own, admin on any, with notes). */
  decideEscrow: { method: 'POST', path: '/api/transactions/{id}/escrow', handler: 'escrow/decide', auth: 'jwt', roles: ['parent', 'admin'] },
  /**
   * Asks Paystack about a pending booking (the parent back from the checkout, or 'Actualiser'):
   * Paystack sends no webhook for a failed or abandoned payment.
   */
  verifyPayment: { method: 'POST', path: '/api/transactions/{id}/verify', handler: 'payments/verify-payment', auth: 'jwt', roles: ['parent', 'admin'] },
  rateCourse: { method: 'POST', path: '/api/transactions/{id}/rating', handler: 'transactions/rate', auth: 'jwt', roles: ['parent'] },
  getInvoice: { method: 'GET', path: '/api/transactions/{id}/invoice', handler: 'transactions/invoice', auth: 'jwt', roles: ['parent', 'tuteur', 'admin'] },
  /** Mes Revenus. */
  tutorEarnings: { method: 'GET', path: '/api/earnings', handler: 'transactions/earnings', auth: 'jwt', roles: ['tuteur'] },
  adminStats: { method: 'GET', path: '/api/admin/stats', handler: 'admin/stats', auth: 'jwt', roles: ['admin'] },
  adminTransactions: { method: 'GET', path: '/api/admin/transactions', handler: 'admin/transactions', auth: 'jwt', roles: ['admin'] },
  /** 'Relancer': re-verify with Paystack, apply, re-drive the workflow of a transaction that needs attention. */
  adminRetryTransaction: { method: 'POST', path: '/api/admin/transactions/{id}/retry', handler: 'admin/retry-transaction', auth: 'jwt', roles: ['admin'] },
  adminUsers: { method: 'GET', path: '/api/admin/users', handler: 'admin/users', auth: 'jwt', roles: ['admin'] },
  adminDisputes: { method: 'GET', path: '/api/admin/disputes', handler: 'admin/disputes', auth: 'jwt', roles: ['admin'] },
  adminCloseDispute: { method: 'POST', path: '/api/admin/disputes/{id}/close', handler: 'admin/close-dispute', auth: 'jwt', roles: ['admin'] },
} as const satisfies Record<string, RouteDefinition>;

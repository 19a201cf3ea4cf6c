import type { RouteDefinition } from '../routes.js';

/** Bookings, Paystack, escrow, transactions, earnings, disputes and the admin's money views. */
export const paymentRoutes = {} as const satisfies Record<string, RouteDefinition>;

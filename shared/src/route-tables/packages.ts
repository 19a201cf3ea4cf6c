import type { RouteDefinition } from '../routes.js';

/**
 * Issue 32: monthly packages ('forfait'), credits and the trial guarantee. A parent acts only on
 * its own packages, lessons and credits, a tutor on the packages booked with them (checked in the
 * handlers: the owner is the token's subject, never a parameter).
 */
export const packageRoutes = {
  /** Books the next 4 weeks' lessons in the tutor's slots and initialises their one Paystack payment. */
  bookPackage: { method: 'POST', path: '/api/packages', handler: 'packages/book', auth: 'jwt', roles: ['parent'] },
  /** The caller's packages: the parent's, or the tutor's (newest first). */
  listMyPackages: { method: 'GET', path: '/api/packages', handler: 'packages/api', auth: 'jwt', roles: ['parent', 'tuteur'] },
  getPackage: { method: 'GET', path: '/api/packages/{id}', handler: 'packages/api', auth: 'jwt', roles: ['parent', 'tuteur', 'admin'] },
  acceptPackage: { method: 'POST', path: '/api/packages/{id}/accept', handler: 'packages/api', auth: 'jwt', roles: ['tuteur'] },
  declinePackage: { method: 'POST', path: '/api/packages/{id}/decline', handler: 'packages/api', auth: 'jwt', roles: ['tuteur'] },
  /** The parent stops the package: the lessons not yet given are cancelled under the policy, open credits refunded. */
  stopPackage: { method: 'POST', path: '/api/packages/{id}/stop', handler: 'packages/changes', auth: 'jwt', roles: ['parent'] },
  getPackageRenewal: { method: 'GET', path: '/api/packages/{id}/renewal', handler: 'packages/renewal', auth: 'jwt', roles: ['parent'] },
  /** 'Renouveler': the same weekly slots for the next 4 weeks, one new payment (409 with the slots no longer free). */
  renewPackage: { method: 'POST', path: '/api/packages/{id}/renew', handler: 'packages/renewal', auth: 'jwt', roles: ['parent'] },
  /** One invoice per package (parent, tutor, admin). */
  getPackageInvoice: { method: 'GET', path: '/api/packages/{id}/invoice', handler: 'packages/api', auth: 'jwt', roles: ['parent', 'tuteur', 'admin'] },
  adminPackages: { method: 'GET', path: '/api/admin/packages', handler: 'packages/api', auth: 'jwt', roles: ['admin'] },
  /** The tutor's package discount (0–20 %). */
  setPackageDiscount: { method: 'PUT', path: '/api/tutors/me/package-discount', handler: 'packages/changes', auth: 'jwt', roles: ['tuteur'] },
  /** The parent's open credits (package lessons cancelled in time, the trial guarantee's). */
  listMyCredits: { method: 'GET', path: '/api/credits', handler: 'packages/credits', auth: 'jwt', roles: ['parent'] },
  /** Spends a credit on a new lesson (same tutor for a package credit, another for the guarantee's). */
  useCredit: { method: 'POST', path: '/api/credits/{id}/use', handler: 'packages/credits', auth: 'jwt', roles: ['parent'] },
  /** The trial guarantee: what is left this year, and the claim on a first lesson. */
  getGuaranteeAllowance: { method: 'GET', path: '/api/guarantee', handler: 'packages/guarantee', auth: 'jwt', roles: ['parent'] },
  claimGuarantee: { method: 'POST', path: '/api/lessons/{id}/guarantee', handler: 'packages/guarantee', auth: 'jwt', roles: ['parent'] },
  /** The tutor moves a package lesson (on a day off) to another free slot. */
  rescheduleLesson: { method: 'POST', path: '/api/lessons/{id}/reschedule', handler: 'packages/changes', auth: 'jwt', roles: ['tuteur'] },
} as const satisfies Record<string, RouteDefinition>;

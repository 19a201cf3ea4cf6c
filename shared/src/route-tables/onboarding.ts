import { ROLES } from '../constants.js';
import type { RouteDefinition } from '../routes.js';

/**
 * Onboarding, tutor profiles, uploads, KYC and its admin review.
 * A caller's own resources live under `/api/me/…`: the owner is the token's subject, never a
 * path parameter, so nobody can name somebody else's record.
 */
export const onboardingRoutes = {
  getParentPreferences: {
    method: 'GET',
    path: '/api/me/parent-preferences',
    handler: 'onboarding/get-parent-preferences',
    auth: 'jwt',
    roles: ['parent'],
  },
  saveParentPreferences: {
    method: 'PUT',
    path: '/api/me/parent-preferences',
    handler: 'onboarding/save-parent-preferences',
    auth: 'jwt',
    roles: ['parent'],
  },
  getOrganisation: {
    method: 'GET',
    path: '/api/me/organisation',
    handler: 'onboarding/get-organisation',
    auth: 'jwt',
    roles: ['entreprise'],
  },
  saveOrganisation: {
    method: 'PUT',
    path: '/api/me/organisation',
    handler: 'onboarding/save-organisation',
    auth: 'jwt',
    roles: ['entreprise'],
  },
  getMyTutorProfile: {
    method: 'GET',
    path: '/api/me/tutor-profile',
    handler: 'tutors/get-my-profile',
    auth: 'jwt',
    roles: ['tuteur'],
  },
  saveMyTutorProfile: {
    method: 'PUT',
    path: '/api/me/tutor-profile',
    handler: 'tutors/save-my-profile',
    auth: 'jwt',
    roles: ['tuteur'],
  },
  // The public profile any signed-in user reads: no second factor needed for an admin.
  getTutorProfile: { method: 'GET', path: '/api/tutors/{id}', handler: 'tutors/get-tutor', auth: 'jwt', roles: ROLES, adminWithoutSecondFactor: true },
  // Its free slots of the next two weeks, on the same page: the same callers.
  getTutorSlots: { method: 'GET', path: '/api/tutors/{id}/slots', handler: 'tutors/get-slots', auth: 'jwt', roles: ROLES, adminWithoutSecondFactor: true },
  createUpload: { method: 'POST', path: '/api/uploads', handler: 'uploads/create-upload', auth: 'jwt', roles: ['tuteur'] },
  getUploadUrl: { method: 'GET', path: '/api/uploads/url', handler: 'uploads/get-file-url', auth: 'jwt', roles: ROLES },
  getMyKyc: { method: 'GET', path: '/api/me/kyc', handler: 'kyc/get-mine', auth: 'jwt', roles: ['tuteur'] },
  submitKyc: { method: 'POST', path: '/api/me/kyc', handler: 'kyc/submit', auth: 'jwt', roles: ['tuteur'] },
  listKycVerifications: { method: 'GET', path: '/api/admin/kyc', handler: 'kyc/admin-list', auth: 'jwt', roles: ['admin'] },
  reviewKyc: {
    method: 'POST',
    path: '/api/admin/kyc/{id}/review',
    handler: 'kyc/admin-review',
    auth: 'jwt',
    roles: ['admin'],
  },
} as const satisfies Record<string, RouteDefinition>;

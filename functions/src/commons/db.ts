/**
 * The single-table model (ElectroDB). Every item shape and key lives here; handlers and
 * domain code go through these entities and never build key strings themselves.
 */
import { Entity, Service } from 'electrodb';
import { EXPERIENCE_OPTIONS, ROLES, ZONES } from '#shared';
import { documentClient } from './clients.js';
import { env } from './env.js';

const SERVICE = 'kalan';

export const profileEntity = new Entity(
  {
    model: { entity: 'profile', version: '1', service: SERVICE },
    attributes: {
      user_id: { type: 'string', required: true, readOnly: true },
      first_name: { type: 'string', required: true },
      last_name: { type: 'string', required: true },
      email: { type: 'string' },
      role: { type: ROLES, required: true, readOnly: true },
      is_verified: { type: 'boolean', required: true, default: false },
      created_at: { type: 'string', required: true, readOnly: true, default: () => new Date().toISOString() },
      updated_at: { type: 'string', watch: '*', set: () => new Date().toISOString() },
    },
    indexes: {
      byUser: {
        pk: { field: 'pk', composite: ['user_id'] },
        sk: { field: 'sk', composite: [] },
      },
      /** All profiles, newest first (admin users list). */
      byCreation: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: [] },
        sk: { field: 'gsi1sk', composite: ['created_at', 'user_id'] },
      },
    },
  },
  { table: env.tableName, client: documentClient },
);

const availabilitySlot = { type: 'map', properties: { start: { type: 'string' }, end: { type: 'string' } } } as const;

export const tutorProfileEntity = new Entity(
  {
    model: { entity: 'tutorProfile', version: '1', service: SERVICE },
    attributes: {
      id: { type: 'string', required: true, readOnly: true },
      user_id: { type: 'string', required: true, readOnly: true },
      bio: { type: 'string' },
      education: { type: 'string' },
      experience: { type: EXPERIENCE_OPTIONS },
      teaching_method: { type: 'string' },
      subjects: { type: 'list', items: { type: 'string' } },
      levels: { type: 'list', items: { type: 'string' } },
      location: { type: ZONES },
      hourly_rate: { type: 'number' },
      availability_schedule: {
        type: 'list',
        items: {
          type: 'map',
          properties: {
            day: { type: 'string' },
            available: { type: 'boolean' },
            slots: { type: 'list', items: availabilitySlot },
          },
        },
      },
      profile_image_url: { type: 'string' },
      diploma_images: { type: 'list', items: { type: 'string' } },
      is_completed: { type: 'boolean', required: true, default: false },
      created_at: { type: 'string', readOnly: true, default: () => new Date().toISOString() },
      updated_at: { type: 'string', watch: '*', set: () => new Date().toISOString() },
    },
    indexes: {
      /** Lives in its owner's partition, next to the profile. */
      byUser: {
        pk: { field: 'pk', composite: ['user_id'] },
        sk: { field: 'sk', composite: [] },
      },
      byId: {
        index: 'gsi2',
        pk: { field: 'gsi2pk', composite: ['id'] },
        sk: { field: 'gsi2sk', composite: [] },
      },
    },
  },
  { table: env.tableName, client: documentClient },
);

export const kalan = new Service({ profile: profileEntity, tutorProfile: tutorProfileEntity });

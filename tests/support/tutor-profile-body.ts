import { WEEK_DAYS } from '#shared';

/**
 * A complete tutor profile (PUT /api/me/tutor-profile), with `overrides`: what publishes a tutor.
 * Free of the test runner, so that the benches use it too.
 */
export function tutorProfileBody(overrides: Record<string, unknown> = {}) {
  return {
    bio: 'Professeur de mathématiques au lycée, je prépare au BAC.',
    education: 'Master de mathématiques — Université Félix Houphouët-Boigny',
    experience: '5-10ans',
    teaching_method: 'Exercices progressifs et fiches de synthèse.',
    subjects: ['Mathématiques'],
    levels: ['Lycée (2nde-Tle)'],
    location: 'cocody',
    hourly_rate: 4000,
    availability_schedule: WEEK_DAYS.map((day) => ({
      day,
      available: day === 'Lundi',
      slots: day === 'Lundi' ? [{ start: '16:00', end: '18:00' }] : [],
    })),
    profile_image_key: null,
    diploma_image_keys: [],
    ...overrides,
  };
}

/**
 * Onboarding answers against DynamoDB Local: the tutor profile upsert (validated against the
 * spec's lists, nothing written on bad input), the public tutor profile, and the parent's and
 * company's answers.
 */
import { describe, expect, it } from 'vitest';
import { messages, photoVariants } from '#shared';
import { api, newUser, stack, type TestUser } from '../support/stack.js';
import { PNG_1PX, uploadImage } from './uploads-helpers.js';

const week = [
  { day: 'Lundi', available: true, slots: [{ start: '09:00', end: '12:00' }, { start: '16:00', end: '18:00' }] },
  { day: 'Mercredi', available: true, slots: [{ start: '14:00', end: '17:00' }] },
];

function profileBody(overrides: Record<string, unknown> = {}) {
  return {
    bio: 'Professeure de mathématiques, je prépare au BEPC et au BAC.',
    education: 'Master de Mathématiques — Université Félix Houphouët-Boigny',
    experience: '5-10ans',
    teaching_method: 'Exercices progressifs et fiches de synthèse.',
    subjects: ['Mathématiques', 'Physique'],
    levels: ['Collège (6e-3e)', 'Lycée (2nde-Tle)'],
    location: 'cocody',
    hourly_rate: 5000,
    availability_schedule: week,
    profile_image_key: null,
    diploma_image_keys: [],
    ...overrides,
  };
}

const save = (user: TestUser, body: unknown) =>
  api('/api/me/tutor-profile', { method: 'PUT', token: user.accessToken, body: body as object });
const mine = async (user: TestUser) => (await api('/api/me/tutor-profile', { token: user.accessToken })).body;

describe('tutor profile upsert (PUT /api/me/tutor-profile)', () => {
  it.each([
    ['a negative rate', { hourly_rate: -500 }, messages.onboarding.invalidRate],
    ['a decimal rate', { hourly_rate: 4500.5 }, messages.onboarding.invalidRate],
    ['a rate sent as text', { hourly_rate: '5000' }, messages.onboarding.invalidRate],
    ['an unknown subject', { subjects: ['Mathématiques', 'Astrologie'] }, messages.onboarding.unknownSubject],
    ['no subject', { subjects: [] }, messages.onboarding.subjectsRequired],
    ['an unknown level', { levels: ['CM2'] }, messages.onboarding.unknownLevel],
    ['an unknown zone (the city, not one of its communes)', { location: 'abidjan' }, messages.onboarding.invalidZone],
    ['an unknown experience', { experience: '20ans' }, messages.onboarding.invalidExperience],
    [
      'a slot ending before it starts',
      { availability_schedule: [{ day: 'Mardi', available: true, slots: [{ start: '17:00', end: '09:00' }] }] },
      messages.onboarding.slotEndBeforeStart,
    ],
    [
      'a slot outside 08:00–21:00',
      { availability_schedule: [{ day: 'Mardi', available: true, slots: [{ start: '07:00', end: '09:00' }] }] },
      messages.onboarding.invalidSlotTime,
    ],
    [
      'slots on an unavailable day',
      { availability_schedule: [{ day: 'Mardi', available: false, slots: [{ start: '09:00', end: '17:00' }] }] },
      messages.onboarding.slotsWhenUnavailable,
    ],
  ])('refuses %s with a French message and writes nothing', async (_case, overrides, message) => {
    const tutor = await newUser('tuteur');
    const response = await save(tutor, profileBody(overrides));
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('validation_error');
    expect(response.body.error.message).toBe(message);
    expect(await mine(tutor)).toBeNull();
  });

  it('refuses a bad update and keeps the saved profile as it was', async () => {
    const tutor = await newUser('tuteur');
    expect((await save(tutor, profileBody())).status).toBe(200);
    const before = await mine(tutor);
    expect((await save(tutor, profileBody({ hourly_rate: -1, bio: 'Changé' }))).status).toBe(400);
    expect(await mine(tutor)).toEqual(before);
  });

  it('saves a completed profile, keeps its id on later saves and accepts a null rate', async () => {
    const tutor = await newUser('tuteur');
    const first = await save(tutor, profileBody());
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ user_id: tutor.sub, is_completed: true, hourly_rate: 5000, location: 'cocody' });
    expect(first.body.availability_schedule).toHaveLength(7);
    expect(first.body.availability_schedule[0]).toEqual(week[0]);
    expect(first.body.availability_schedule[1]).toEqual({ day: 'Mardi', available: false, slots: [] });

    const second = await save(tutor, profileBody({ hourly_rate: null, subjects: ['Chimie'] }));
    expect(second.status).toBe(200);
    expect(second.body.id).toBe(first.body.id);
    expect(second.body).toMatchObject({ hourly_rate: null, subjects: ['Chimie'] });
  });

  it('creates one profile id when the first saves race', async () => {
    const tutor = await newUser('tuteur');
    const results = await Promise.all(Array.from({ length: 4 }, () => save(tutor, profileBody())));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
  });

  it("accepts only the tutor's own uploaded photo and up to 5 diplomas", async () => {
    const tutor = await newUser('tuteur');
    const other = await newUser('tuteur');
    const othersPhoto = await uploadImage(other.accessToken, 'profile_photo');
    const stolen = await save(tutor, profileBody({ profile_image_key: othersPhoto }));
    expect(stolen.status).toBe(403);
    expect(stolen.body.error.message).toBe(messages.uploads.notYours);

    const diplomas = await Promise.all(Array.from({ length: 6 }, () => uploadImage(tutor.accessToken, 'diploma')));
    const tooMany = await save(tutor, profileBody({ diploma_image_keys: diplomas }));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.message).toBe(messages.onboarding.tooManyDiplomas);

    const notUploaded = (await uploadImage(tutor.accessToken, 'profile_photo')).replace(/_[0-9a-f-]{36}\./, '_00000000-0000-4000-8000-000000000000.');
    expect((await save(tutor, profileBody({ profile_image_key: notUploaded }))).body.error.message).toBe(messages.uploads.missing);
    expect(await mine(tutor)).toBeNull();
  });

  it('is for tutors only', async () => {
    const parent = await newUser('parent');
    expect((await save(parent, profileBody())).status).toBe(403);
    expect((await api('/api/me/tutor-profile', { token: parent.accessToken })).status).toBe(403);
  });
});

describe('public tutor profile (GET /api/tutors/{id})', () => {
  it('shows any signed-in user the profile with the name, verification and a working photo URL', async () => {
    const tutor = await newUser('tuteur', { firstName: 'Aminata', lastName: 'Traoré' });
    const photo = await uploadImage(tutor.accessToken, 'profile_photo');
    const diplomas = await Promise.all([uploadImage(tutor.accessToken, 'diploma'), uploadImage(tutor.accessToken, 'diploma')]);
    const saved = await save(tutor, profileBody({ profile_image_key: photo, diploma_image_keys: diplomas }));
    expect(saved.status).toBe(200);

    const parent = await newUser('parent');
    const response = await api(`/api/tutors/${saved.body.id}`, { token: parent.accessToken });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: saved.body.id,
      first_name: 'Aminata',
      last_name: 'Traoré',
      is_verified: false,
      subjects: ['Mathématiques', 'Physique'],
      hourly_rate: 5000,
      diploma_count: 2,
    });
    expect(response.body).not.toHaveProperty('profile_image_key');
    // The photo: its largest variant once the resizer made them (photos/resize-photo.ts), the original's presigned address until then.
    const shown = response.body.profile_image_url as string;
    if (response.body.profile_image_variants.length > 0) {
      expect(shown).toBe(photoVariants(photo).at(-1)!.url);
      expect((await fetch(`${stack().appUrl}${shown}`)).headers.get('content-type')).toBe('image/webp');
    } else {
      const image = await fetch(shown);
      expect(Buffer.from(await image.arrayBuffer()).equals(PNG_1PX)).toBe(true);
    }
  });

  it('answers 404 in French for an unknown tutor', async () => {
    const parent = await newUser('parent');
    const response = await api('/api/tutors/00000000-0000-4000-8000-000000000000', { token: parent.accessToken });
    expect(response.status).toBe(404);
    expect(response.body.error.message).toBe(messages.tutors.notFound);
  });
});

describe('parent and company onboarding answers', () => {
  const preferences = {
    children: [
      { first_name: 'Koffi', age: 12, level: 'college' },
      { first_name: 'Awa', age: 8, level: 'primaire' },
    ],
    zone: 'marcory',
    monthly_budget: '50000-100000',
    preferences: 'Cours le mercredi après-midi',
  };

  it("saves the parent's children, zone, budget and preferences, and reads them back", async () => {
    const parent = await newUser('parent');
    expect((await api('/api/me/parent-preferences', { token: parent.accessToken })).body).toBeNull();
    const saved = await api('/api/me/parent-preferences', { method: 'PUT', token: parent.accessToken, body: preferences });
    expect(saved.status).toBe(200);
    const read = await api('/api/me/parent-preferences', { token: parent.accessToken });
    expect(read.body).toMatchObject(preferences);
  });

  it('refuses invalid answers in French and writes nothing', async () => {
    const parent = await newUser('parent');
    for (const [body, message] of [
      [{ ...preferences, children: [] }, messages.onboarding.childrenRequired],
      [{ ...preferences, children: [{ first_name: 'Koffi', age: 0, level: 'college' }] }, messages.onboarding.invalidAge],
      [{ ...preferences, children: [{ first_name: 'Koffi', age: 10, level: 'cm2' }] }, messages.onboarding.invalidChildLevel],
      [{ ...preferences, zone: 'distance' }, messages.onboarding.invalidZone],
      [{ ...preferences, monthly_budget: '1000000' }, messages.onboarding.invalidBudget],
    ] as const) {
      const response = await api('/api/me/parent-preferences', { method: 'PUT', token: parent.accessToken, body });
      expect(response.status).toBe(400);
      expect(response.body.error.message).toBe(message);
    }
    expect((await api('/api/me/parent-preferences', { token: parent.accessToken })).body).toBeNull();
    const tutor = await newUser('tuteur');
    expect((await api('/api/me/parent-preferences', { method: 'PUT', token: tutor.accessToken, body: preferences })).status).toBe(403);
  });

  it("saves the company's organisation and team", async () => {
    const company = await newUser('entreprise');
    const organisation = {
      name: 'Centre Excellence Cocody',
      type: 'center',
      description: 'Soutien scolaire du CP à la Terminale.',
      address: 'Riviera 2, Cocody, Abidjan',
      phone: '+225 07 07 07 07 07',
      website: 'https://excellence.ci',
      tutor_count: '11-25',
      specialization: 'Mathématiques et sciences',
      certifications: 'Agrément du ministère',
    };
    expect((await api('/api/me/organisation', { method: 'PUT', token: company.accessToken, body: organisation })).status).toBe(200);
    expect((await api('/api/me/organisation', { token: company.accessToken })).body).toMatchObject(organisation);

    const invalid = await api('/api/me/organisation', {
      method: 'PUT',
      token: company.accessToken,
      body: { ...organisation, type: 'club', phone: '12' },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.details.map((d: { message: string }) => d.message)).toEqual(
      expect.arrayContaining([messages.onboarding.invalidCompanyType, messages.onboarding.invalidPhone]),
    );
    const parent = await newUser('parent');
    expect((await api('/api/me/organisation', { token: parent.accessToken })).status).toBe(403);
  });
});

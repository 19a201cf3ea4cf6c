/** Favourites through the local API: added once, listed with their tutors, private to their owner. */
import { beforeAll, describe, expect, it } from 'vitest';
import { messages, type FavoritesResponse } from '#shared';
import { seedTutors } from '../../infra/local/seed/tutors.js';
import { api, newUser, type TestUser } from '../support/stack.js';

const seeded = seedTutors();
const [first, second] = seeded.filter((t) => t.tutorProfile.is_completed).map((t) => t.tutorProfile.id) as [string, string];
const unfinished = seeded.find((t) => !t.tutorProfile.is_completed)!.tutorProfile.id;
let owner: TestUser;
let stranger: TestUser;

const list = async (user: TestUser) => {
  const response = await api('/api/favorites', { token: user.accessToken });
  expect(response.status, response.text).toBe(200);
  return (response.body as FavoritesResponse).favorites;
};
const add = (user: TestUser, body: unknown) => api('/api/favorites', { method: 'POST', token: user.accessToken, body: body as object });
const remove = (user: TestUser, tutorId: string) =>
  api(`/api/favorites/${tutorId}`, { method: 'DELETE', token: user.accessToken });

beforeAll(async () => {
  [owner, stranger] = await Promise.all([newUser('parent'), newUser('parent')]);
});

describe('favourites', () => {
  it('adds a tutor and lists it newest first, with the tutor joined', async () => {
    expect(await list(owner)).toEqual([]);
    expect((await add(owner, { tutor_id: first })).status).toBe(201);
    const added = await add(owner, { tutor_id: second });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ tutor_id: second });

    const favorites = await list(owner);
    expect(favorites.map((f) => f.tutor_id)).toEqual([second, first]);
    expect(favorites[1]!.tutor).toMatchObject({ id: first, first_name: seeded[0]!.profile.first_name });
  });

  it("refuses the same tutor twice with 409 'Ce répétiteur est déjà dans vos favoris'", async () => {
    const again = await add(owner, { tutor_id: first });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(messages.favorites.duplicate);
    expect((await list(owner)).filter((f) => f.tutor_id === first)).toHaveLength(1);
  });

  it('refuses unknown or unlisted tutors and malformed bodies, writing nothing', async () => {
    const before = await list(owner);
    expect((await add(owner, { tutor_id: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
    expect((await add(owner, { tutor_id: unfinished })).status).toBe(404);
    const malformed = await add(owner, { tutor_id: '' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.message).toBe('Identifiant manquant');
    expect((await add(owner, { tutor_id: first, user_id: stranger.sub })).status).toBe(400);
    expect(await list(owner)).toEqual(before);
  });

  it("are private: another parent sees none of them and cannot delete them", async () => {
    expect(await list(stranger)).toEqual([]);
    const attempt = await remove(stranger, first);
    expect(attempt.status).toBe(404);
    expect((await list(owner)).map((f) => f.tutor_id)).toContain(first);
  });

  it('are reserved to parents and to signed-in users', async () => {
    const tutorUser = await newUser('tuteur');
    expect((await api('/api/favorites', { token: tutorUser.accessToken })).status).toBe(403);
    expect((await add(tutorUser, { tutor_id: first })).status).toBe(403);
    expect((await api('/api/favorites')).status).toBe(401);
  });

  it('removes a favourite once; removing it again is a 404', async () => {
    expect((await remove(owner, first)).status).toBe(204);
    expect((await list(owner)).map((f) => f.tutor_id)).toEqual([second]);
    expect((await remove(owner, first)).status).toBe(404);
  });
});

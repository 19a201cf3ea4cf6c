/** Favourites of a parent: list (newest first, with the tutors), add once, remove. */
import { DeleteItemCommand } from 'dynamodb-toolbox/entity/actions/delete';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import type { Favorite, FavoritesResponse } from '#shared/discovery-schemas';
import type { TutorSummary } from '#shared/search';
import { messages } from '#shared/messages';
import { isConditionalCheckFailure, kalanTable, TutorProfileEntity, userPartition } from '#commons/db';
import { ConflictError, NotFoundError } from '#commons/errors';
import { readTutorOfUser } from '../search/catalogue.js';
import { withPhotos } from '../photos/variants.js';
import { FavoriteEntity, favoriteRange } from './entities.js';

interface FavoriteItem extends Favorite {
  tutor_user_id: string;
}

/** Every favourite of a user, newest first. */
export async function favoritesOf(userId: string): Promise<FavoriteItem[]> {
  const { Items = [] } = await kalanTable
    .build(QueryCommand)
    .entities(FavoriteEntity)
    .query({ partition: userPartition(userId), range: favoriteRange })
    .options({ maxPages: Infinity })
    .send();
  return Items.map(({ tutor_id, tutor_user_id, created_at }) => ({ tutor_id, tutor_user_id, created_at })).sort(
    (a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0),
  );
}

export async function listFavorites(userId: string): Promise<FavoritesResponse> {
  const favorites = await favoritesOf(userId);
  const read = await Promise.all(favorites.map((favorite) => readTutorOfUser(favorite.tutor_user_id)));
  // A tutor profile is found by its user; make sure it is still the same profile id.
  const listed = read.filter((tutor, i): tutor is TutorSummary => tutor?.id === favorites[i]!.tutor_id);
  const signed = new Map((await withPhotos(listed)).map((tutor) => [tutor.id, tutor]));
  return {
    favorites: favorites.map(({ tutor_id, created_at }) => ({ tutor_id, created_at, tutor: signed.get(tutor_id) ?? null })),
  };
}

/** The account of a listed tutor (completed profile), or null. */
async function listedTutorUser(tutorId: string): Promise<string | null> {
  const { Items = [] } = await kalanTable
    .build(QueryCommand)
    .entities(TutorProfileEntity)
    .query({ index: 'gsi2', partition: `TUTOR#${tutorId}` })
    .send();
  const tutorProfile = Items[0];
  return tutorProfile?.is_completed ? tutorProfile.user_id : null;
}

/** Adds a favourite once: a second add of the same tutor is a 409 ('Déjà en favoris'). */
export async function addFavorite(userId: string, tutorId: string): Promise<Favorite> {
  const tutorUserId = await listedTutorUser(tutorId);
  if (!tutorUserId) throw new NotFoundError(messages.favorites.tutorNotFound);
  const created_at = new Date().toISOString();
  try {
    await FavoriteEntity.build(PutItemCommand)
      .item({ user_id: userId, tutor_id: tutorId, tutor_user_id: tutorUserId, created_at })
      .options({ condition: { attr: 'tutor_id', exists: false } })
      .send();
  } catch (error) {
    if (isConditionalCheckFailure(error)) throw new ConflictError(messages.favorites.duplicate);
    throw error;
  }
  return { tutor_id: tutorId, created_at };
}

/** Removes one of the caller's favourites; 404 if it is not one (someone else's included). */
export async function removeFavorite(userId: string, tutorId: string): Promise<void> {
  try {
    await FavoriteEntity.build(DeleteItemCommand)
      .key({ user_id: userId, tutor_id: tutorId })
      .options({ condition: { attr: 'tutor_id', exists: true } })
      .send();
  } catch (error) {
    if (isConditionalCheckFailure(error)) throw new NotFoundError(messages.favorites.notInFavorites);
    throw error;
  }
}

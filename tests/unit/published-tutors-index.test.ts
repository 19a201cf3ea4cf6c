/**
 * The sparse index the catalogue is rebuilt from (gsi3): a tutor's profile and a completed tutor
 * profile carry its keys, however they are saved; nothing else of the table does.
 */
import { describe, expect, it } from 'vitest';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { CATALOGUE_PARTITIONS, catalogueShard, ProfileEntity, TutorProfileEntity } from '../../functions/src/commons/db.js';

const put = (command: { params(): { Item?: Record<string, unknown> } }) => command.params().Item!;
const updated = (command: { params(): { ExpressionAttributeValues?: Record<string, unknown> } }) =>
  Object.values(command.params().ExpressionAttributeValues ?? {});

describe('the published tutors index (gsi3)', () => {
  it("lists a tutor's profile, not a parent's, a company's or an admin's", () => {
    const tutor = put(ProfileEntity.build(PutItemCommand).item({ user_id: 'u1', first_name: 'A', last_name: 'B', role: 'tuteur' }));
    expect(tutor).toMatchObject({ gsi3pk: catalogueShard('u1'), gsi3sk: 'u1#PROFILE' });
    for (const role of ['parent', 'entreprise', 'admin'] as const) {
      const other = put(ProfileEntity.build(PutItemCommand).item({ user_id: 'u2', first_name: 'A', last_name: 'B', role }));
      expect(other, role).not.toHaveProperty('gsi3pk');
    }
  });

  it('lists a tutor profile once completed, whether created or updated, and not before', () => {
    expect(put(TutorProfileEntity.build(PutItemCommand).item({ user_id: 'u1', id: 't1', is_completed: true }))).toMatchObject({
      gsi3pk: catalogueShard('u1'),
      gsi3sk: 'u1#TUTOR_PROFILE',
    });
    expect(put(TutorProfileEntity.build(PutItemCommand).item({ user_id: 'u1', id: 't1' }))).not.toHaveProperty('gsi3pk');
    expect(updated(TutorProfileEntity.build(UpdateItemCommand).item({ user_id: 'u1', is_completed: true, bio: 'x' }))).toEqual(
      expect.arrayContaining([catalogueShard('u1'), 'u1#TUTOR_PROFILE']),
    );
    expect(updated(TutorProfileEntity.build(UpdateItemCommand).item({ user_id: 'u1', bio: 'x' }))).not.toContain(catalogueShard('u1'));
  });

  it('spreads users over its partitions', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 16_000; i += 1) {
      const shard = catalogueShard(crypto.randomUUID());
      counts.set(shard, (counts.get(shard) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual([...CATALOGUE_PARTITIONS].sort());
    for (const count of counts.values()) expect(count).toBeGreaterThan(800);
  });
});

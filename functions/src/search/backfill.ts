/**
 * Puts the tutors saved before the published tutors' index existed (gsi3) into it: their profile
 * and completed tutor profile are written again through their entities, whose links set the
 * index keys. One Scan, for the items that lack the keys; nothing else changes. The local stack
 * runs it before each rebuild (its data may predate the index); no cloud stage holds such items
 * (docs/decisions.md, issue 14).
 */
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { ScanCommand } from 'dynamodb-toolbox/table/actions/scan';
import { kalanTable, ProfileEntity, TutorProfileEntity } from '#commons/db';

export async function backfillCatalogueIndex(): Promise<number> {
  const { Items = [] } = await kalanTable
    .build(ScanCommand)
    .entities(ProfileEntity, TutorProfileEntity)
    .options({
      maxPages: Infinity,
      filters: {
        profile: { and: [{ attr: 'role', eq: 'tuteur' }, { attr: 'gsi3pk', exists: false }] },
        tutorProfile: { and: [{ attr: 'is_completed', eq: true }, { attr: 'gsi3pk', exists: false }] },
      },
    })
    .send();
  for (const item of Items) {
    if (!('id' in item)) {
      await ProfileEntity.build(UpdateItemCommand).item({ user_id: item.user_id, role: 'tuteur' }).options({ condition: { attr: 'user_id', exists: true } }).send();
    } else {
      await TutorProfileEntity.build(UpdateItemCommand).item({ user_id: item.user_id, is_completed: true }).options({ condition: { attr: 'user_id', exists: true } }).send();
    }
  }
  return Items.length;
}

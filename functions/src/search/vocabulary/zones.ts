/**
 * Where parents say they live → the zones of the spec (shared/src/constants.ts ZONES): the
 * communes and towns by their id and label (added in index.ts), their short names, and the
 * neighbourhoods (quartiers) of the Abidjan district for their commune. Keys are folded (lower
 * case, no accents, words separated by one space: "M'Badon" → 'm badon', 'Port-Bouët 2' →
 * 'port bouet 2').
 *
 * Sources (public references, from memory — this table was written without browsing): the French
 * Wikipedia articles of each commune (« Cocody », « Yopougon », « Marcory », « Koumassi »,
 * « Port-Bouët », « Abobo », « Adjamé », « Attécoubé », « Treichville », « Plateau (Abidjan) »,
 * « Bingerville », « Anyama », « Songon ») and their lists of quartiers, the article « District
 * autonome d'Abidjan », and the neighbourhood names of Abidjan's press and classified ads.
 * Only names we are confident about are here.
 *
 * Left out on purpose, because they are shared or ambiguous:
 * - 'Sicogi' (a housing estate name in Yopougon AND in Koumassi): only 'sicogi koumassi' /
 *   'koumassi sicogi' and 'yopougon sicogi' are read.
 * - 'Remblais' (Marcory Remblais and Koumassi Remblais): only with its commune's name.
 * - 'Agban' (the Agban village and camp in Attécoubé, and Songon-Agban in Songon): only
 *   'songon agban' and 'attecoube agban'.
 * - 'Belleville' (given for Treichville, also heard for Abobo): left out.
 * - 'Santé', 'Liberté', 'Maroc', 'Gare', 'Golf' are also common words: 'Liberté' and 'Santé' only
 *   with their commune ('adjame liberte', 'attecoube sante'); 'Maroc' is kept (Yopougon Maroc,
 *   nobody searches a tutor in Morocco); 'Golf' only as 'riviera golf'.
 * - 'Samaké' is also a family name: only 'abobo samake'.
 * - 'Kouté' (Yopougon Kouté) is one typo from the common word 'toute': left out.
 * - 'Divo' (Koumassi Divo) is also a town that is not a zone: left out.
 * - 'PK' numbers are milestones on several roads (PK18 is Abobo; others are Anyama, Yopougon…):
 *   only 'pk18' / 'pk 18'.
 * - 'pb' for Port-Bouët: 'pb' is also the common short form of 'problème'. Left out.
 * A phrase of a commune and one of its neighbourhoods ('abobo gare', 'cocody danga') is read as
 * the commune as a whole, so that the neighbourhood's name does not stay behind as a free word.
 */
import type { Zone } from '#shared/constants';

/** Short names and other spellings of the zones themselves. */
export const ZONE_SHORT_NAMES: Record<string, Zone> = {
  yop: 'yopougon',
  yopou: 'yopougon',
  treich: 'treichville',
  portbouet: 'port-bouet',
  sanpedro: 'san-pedro',
  'san pedro': 'san-pedro',
  yakro: 'yamoussoukro',
  distance: 'distance',
  distanciel: 'distance',
  'en ligne': 'distance',
  online: 'distance',
  visio: 'distance',
  visioconference: 'distance',
};

const quartiers = (zone: Zone, names: string) =>
  names
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
    .map((name) => [name, zone] as const);

/** Neighbourhood → commune. */
export const NEIGHBOURHOODS: Record<string, Zone> = Object.fromEntries([
  ...quartiers(
    'cocody',
    `riviera, riviera 1, riviera 2, riviera 3, riviera 4, riviera golf, riviera palmeraie, palmeraie,
     riviera bonoumin, bonoumin, riviera faya, faya, riviera anono, anono, m badon, mbadon, angre,
     deux plateaux, 2 plateaux, ii plateaux, 2plateaux, vallons, deux plateaux vallons, 2 plateaux vallons,
     danga, cocody danga, blockhaus, saint jean, st jean, cocody saint jean, ambassades, cocody ambassades,
     attoban, mermoz, cocody mermoz, akouedo, cite des arts`,
  ),
  ...quartiers(
    'yopougon',
    `niangon, niangon nord, niangon sud, niangon lokoa, selmer, yopougon sicogi, toits rouges, maroc,
     yopougon maroc, wassakara, andokoi, port bouet 2, port bouet ii, siporex, gesco, sideci, koweit,
     ananeraie, millionnaire, azito`,
  ),
  ...quartiers('marcory', 'zone 4, bietry, marcory remblais, anoumabo, champroux, sans fil, marcory sans fil'),
  ...quartiers('koumassi', 'grand campement, sicogi koumassi, koumassi sicogi, koumassi remblais, prodomo'),
  ...quartiers(
    'port-bouet',
    'vridi, vridi canal, vridi cite, gonzagueville, adjouffou, jean folly, derriere wharf, anani, aeroport',
  ),
  ...quartiers(
    'abobo',
    'avocatier, pk18, pk 18, anonkoua, anonkoua koute, abobo gare, abobo samake, akeikoi, abobo baoule, sagbe',
  ),
  ...quartiers('adjame', 'williamsville, 220 logements, adjame liberte, bracodi, adjame bracodi'),
  ...quartiers('attecoube', 'attecoube sante, locodjro, abobodoume, abobo doume, attecoube agban, boribana, mossikro, sebroko'),
  ...quartiers('treichville', 'arras, biafra'),
  ...quartiers('plateau', 'indenie'),
  ...quartiers('bingerville', 'akandje, eloka, adjame bingerville'),
  ...quartiers('songon', 'songon agban, songon kassemble, songon te, songon dagbe'),
  ...quartiers('anyama', 'ebimpe'),
]);

/**
 * Neighbourhood names shorter than this are read only as written: a typo of a short one too
 * easily lands on another word ('angle' is one letter from 'angre').
 */
export const NEIGHBOURHOOD_TYPOS_FROM = 7;

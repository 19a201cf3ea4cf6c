/**
 * Name words the typo corrector must never turn into vocabulary: 'Kouassi' (a first name) is one
 * letter from 'Koumassi' (a commune), 'Marco' one swap from 'Maroc'. A word of this list is read
 * as written: a vocabulary word if it is one exactly, otherwise a free word for the full text
 * (names are searched there).
 *
 * Common first names and family names of Côte d'Ivoire, as folded words ("N'Guessan" → 'guessan') (Akan — Baoulé, Agni, Abron —, Mandé —
 * Malinké, Dioula —, Sénoufo, Krou — Bété, Dida —, lagoon peoples), as they are spelt in the
 * country's civil registry, press and school lists, folded; plus the names of the local seed
 * catalogue (infra/local/seed/tutors.ts), which the tests check. A name missing here is still
 * safe when no vocabulary word lies within its typo budget.
 */
import { wordSet } from './words.js';

export const NAME_WORDS: ReadonlySet<string> = wordSet(`
  kouassi kouadio kouame konan koffi yao kouakou kouao kouablan koua kra kanga guessan nguessan
  aya adjoua affoue amenan akissi ahou amoin amoinh ahoua aka assi ehui zadi tanoh brou amani kacou yapi
  dri ndri gnagne adou aboa ake akpa ama amon anoh assemian atta beugre boka djedje dje gnahore
  kablan kadjo kobenan loukou niamke oka tano tiemoko yoboue zoro
  kone traore ouattara bamba coulibaly diabate toure diallo cisse fofana dosso sanogo soro doumbia
  diomande kamara keita sangare sylla fadiga bakayoko berte camara dembele diakite diarra kante
  samake sidibe silue soumahoro tuo yeo
  aminata moussa fatoumata ibrahim mariam seydou awa drissa salimata lassina bintou rokia adama
  abdoulaye mamadou souleymane karim issouf siaka yacouba madou oumar ousmane zenab kadi
  brice serge ange christelle desire herve josiane arnaud estelle eric prisca yannick nadege ismael
  marco marc jean paul marie pierre franck patrick olivier cedric didier guy jacques michel
  armand arsene blaise ghislain landry roland sylvain thierry wilfried fabrice hermann
  grace esther ruth sarah rebecca mireille sandrine nathalie clarisse edwige carine
`);

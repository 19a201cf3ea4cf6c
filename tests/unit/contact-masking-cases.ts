/**
 * The masking rule's table of cases (issue 31, point 4): real-looking messages between Ivorian
 * parents and tutors, each with the text expected after masking and what was found. Read by the
 * unit test (tests/unit/contact-masking.test.ts) and by `npm run bench -- masking`, which prints
 * how many the rule catches and keeps.
 */
import { MASKED_CONTACT as M, type ContactKind } from '#shared/messaging';

export interface MaskingCase {
  /** What the table checks: a contact detail to catch, or an ordinary message to keep. */
  group: 'phone' | 'phone in words' | 'email' | 'link' | 'handle' | 'keep';
  message: string;
  masked: string;
  found: ContactKind[];
}

const keep = (message: string): MaskingCase => ({ group: 'keep', message, masked: message, found: [] });

export const MASKING_CASES: MaskingCase[] = [
  // Phone numbers, written with digits
  { group: 'phone', message: 'Bonjour, appelez-moi au 07 07 12 34 56 pour Yopougon', masked: `Bonjour, appelez-moi au ${M} pour Yopougon`, found: ['phone'] },
  { group: 'phone', message: 'Mon numéro : 0505123456', masked: `Mon numéro : ${M}`, found: ['phone'] },
  { group: 'phone', message: 'Moov : 01.02.03.04.05, appelez après 18h', masked: `Moov : ${M}, appelez après 18h`, found: ['phone'] },
  { group: 'phone', message: 'Voici mon fixe 27-22-44-55-66 à Cocody', masked: `Voici mon fixe ${M} à Cocody`, found: ['phone'] },
  { group: 'phone', message: 'Whatsapp +225 07 48 96 32 10 merci', masked: `Whatsapp ${M} merci`, found: ['phone'] },
  { group: 'phone', message: 'Écrivez au 00225 05 55 66 77 88 svp', masked: `Écrivez au ${M} svp`, found: ['phone'] },
  { group: 'phone', message: 'Tel 2250707123456', masked: `Tel ${M}`, found: ['phone'] },
  { group: 'phone', message: 'appelle 0 7 0 7 1 2 3 4 5 6 ce soir', masked: `appelle ${M} ce soir`, found: ['phone'] },
  { group: 'phone', message: 'mon num 07-07-12-34-56 ou bien 05 04 03 02 01', masked: `mon num ${M} ou bien ${M}`, found: ['phone'] },
  { group: 'phone', message: 'Joignable au 0707.123.456 le samedi', masked: `Joignable au ${M} le samedi`, found: ['phone'] },
  { group: 'phone', message: 'Contact: 07_07_12_34_56', masked: `Contact: ${M}`, found: ['phone'] },
  { group: 'phone', message: 'Fixe maison 21 24 56 78 90 (Plateau)', masked: `Fixe maison ${M} (Plateau)`, found: ['phone'] },
  { group: 'phone', message: 'Mon frère en France : +33 6 12 34 56 78', masked: `Mon frère en France : ${M}`, found: ['phone'] },
  { group: 'phone', message: 'Deux numéros : 0707123456, 0505123456', masked: `Deux numéros : ${M}, ${M}`, found: ['phone'] },
  { group: 'phone', message: 'O7 O7 l2 34 56 c est mon numéro', masked: `${M} c est mon numéro`, found: ['phone'] },
  { group: 'phone', message: 'Appelle au OO225 O5O5l23456', masked: `Appelle au ${M}`, found: ['phone'] },
  { group: 'phone', message: 'numero 0 7 0 7 l 2 3 4 5 6', masked: `numero ${M}`, found: ['phone'] },
  { group: 'phone', message: 'Je suis sur WhatsApp, wa.me/2250707123456', masked: `Je suis sur WhatsApp, ${M}`, found: ['phone', 'link'] },
  { group: 'phone', message: 'https://api.whatsapp.com/send?phone=2250505123456 écris-moi', masked: `${M} écris-moi`, found: ['phone', 'link'] },
  { group: 'phone', message: '07 07 12 34 56 — Mme Koné, Cocody Angré', masked: `${M} — Mme Koné, Cocody Angré`, found: ['phone'] },
  // Phone numbers, in French words (alone or mixed with digits)
  { group: 'phone in words', message: 'zéro sept zéro sept douze trente-quatre cinquante-six', masked: M, found: ['phone'] },
  { group: 'phone in words', message: 'Mon numéro : zero cinq zero cinq douze trente quatre cinquante six', masked: `Mon numéro : ${M}`, found: ['phone'] },
  { group: 'phone in words', message: 'zéro sept 07 douze 34 cinquante-six, appelez le soir', masked: `${M}, appelez le soir`, found: ['phone'] },
  { group: 'phone in words', message: 'zéro un, quarante-cinq, soixante-dix-huit, quatre-vingt-dix-neuf, vingt et un', masked: M, found: ['phone'] },
  { group: 'phone in words', message: 'Zéro sept. Zéro sept. Onze. Vingt-deux. Trente-trois.', masked: `${M}.`, found: ['phone'] },
  { group: 'phone in words', message: 'deux cinq, vingt et un, 23 45 67 c’est le fixe', masked: `${M} c’est le fixe`, found: ['phone'] },
  { group: 'phone in words', message: 'appelle zero 7 zero 7 12 34 56 ok', masked: `appelle ${M} ok`, found: ['phone'] },
  { group: 'phone in words', message: 'zéro cinq, soixante-douze, quatre-vingts, dix-sept, quinze', masked: M, found: ['phone'] },
  // E-mails
  { group: 'email', message: 'Envoyez le programme du BEPC à kouassi.prof@gmail.com', masked: `Envoyez le programme du BEPC à ${M}`, found: ['email'] },
  { group: 'email', message: 'mon mail : aya.kone[at]yahoo[dot]fr', masked: `mon mail : ${M}`, found: ['email'] },
  { group: 'email', message: 'Écris à kouame (at) hotmail (dot) com', masked: `Écris à ${M}`, found: ['email'] },
  { group: 'email', message: 'adresse : konan arobase gmail point com', masked: `adresse : ${M}`, found: ['email'] },
  { group: 'email', message: 'koffi225 @ outlook . fr pour les exercices', masked: `${M} pour les exercices`, found: ['email'] },
  { group: 'email', message: 'traore_m arobase gmail', masked: M, found: ['email'] },
  { group: 'email', message: 'prof.maths[@]ecole-yop[.]ci', masked: M, found: ['email'] },
  { group: 'email', message: 'Mail: DIALLO.Fatou@Orange.CI merci', masked: `Mail: ${M} merci`, found: ['email'] },
  // Links
  { group: 'link', message: 'Mon CV est ici : https://drive.google.com/file/d/abc123', masked: `Mon CV est ici : ${M}`, found: ['link'] },
  { group: 'link', message: 'Voyez ma page facebook.com/kouassi.prof', masked: `Voyez ma page ${M}`, found: ['link'] },
  { group: 'link', message: 'rejoins t.me/coursbepc2026', masked: `rejoins ${M}`, found: ['link'] },
  { group: 'link', message: 'www.repetiteur-abidjan.ci pour les tarifs', masked: `${M} pour les tarifs`, found: ['link'] },
  { group: 'link', message: 'Mon site : kouassiprof [dot] com', masked: `Mon site : ${M}`, found: ['link'] },
  { group: 'link', message: 'cherche facebook point com / ayakone', masked: `cherche ${M}`, found: ['link'] },
  { group: 'link', message: 'ma chaîne youtube.com/@profkone', masked: `ma chaîne ${M}`, found: ['link'] },
  // Handles
  { group: 'handle', message: 'Suivez-moi @kouassi_prof', masked: `Suivez-moi ${M}`, found: ['handle'] },
  { group: 'handle', message: 'mon insta : kouassi.prof', masked: `mon insta : ${M}`, found: ['handle'] },
  { group: 'handle', message: 'snap: awa225', masked: `snap: ${M}`, found: ['handle'] },
  { group: 'handle', message: 'Ajoute-moi sur telegram kouassi_prof', masked: `Ajoute-moi sur telegram ${M}`, found: ['handle'] },
  { group: 'handle', message: 'Mon Instagram c’est yao_maths', masked: `Mon Instagram c’est ${M}`, found: ['handle'] },
  { group: 'handle', message: 'tiktok = profdemaths', masked: `tiktok = ${M}`, found: ['handle'] },
  { group: 'handle', message: 'FB : Kone Aminata', masked: `FB : ${M} Aminata`, found: ['handle'] },
  { group: 'handle', message: 'Skype: yves.kouadio', masked: `Skype: ${M}`, found: ['handle'] },
  { group: 'handle', message: 'Ecris moi sur ig @aya.repet', masked: `Ecris moi sur ig ${M}`, found: ['handle'] },
  // Unicode disguises, sent straight to the API: fullwidth, other scripts' digits, invisible characters between digits or letters
  { group: 'phone', message: 'Appelle-moi au ０７ ０７ １２ ３４ ５６ ce soir', masked: `Appelle-moi au ${M} ce soir`, found: ['phone'] },
  { group: 'phone', message: 'رقمي ٠٧٠٧١٢٣٤٥٦ merci', masked: `رقمي ${M} merci`, found: ['phone'] },
  { group: 'phone', message: 'num 0\u200b7\u200b0\u200b7\u200b1\u200b2\u200b3\u200b4\u200b5\u200b6', masked: `num ${M}`, found: ['phone'] },
  { group: 'phone', message: 'Tel 07\u200d07\u200c12\ufeff34\u206056 svp', masked: `Tel ${M} svp`, found: ['phone'] },
  { group: 'phone', message: 'Mon numéro 𝟎𝟕 𝟎𝟕 𝟏𝟐 𝟑𝟒 𝟓𝟔', masked: `Mon numéro ${M}`, found: ['phone'] },
  { group: 'phone', message: 'Appelle 0️⃣7️⃣0️⃣7️⃣1️⃣2️⃣3️⃣4️⃣5️⃣6️⃣ 🙏', masked: `Appelle ${M} 🙏`, found: ['phone'] },
  { group: 'email', message: 'Mon mail : kouassi＠gmail．com', masked: `Mon mail : ${M}`, found: ['email'] },
  { group: 'email', message: 'mail kouassi@gm\u200bail.com', masked: `mail ${M}`, found: ['email'] },
  { group: 'handle', message: 'insta : kouassi\u200b_prof', masked: `insta : ${M}`, found: ['handle'] },
  { group: 'handle', message: 'Ajoute @kou\u200bassi', masked: `Ajoute ${M}`, found: ['handle'] },
  // Ordinary messages to keep as written
  keep('Bonjour, pouvez-vous venir à Yopougon le samedi ? Ma fille prépare le BEPC.'),
  keep('Le tarif est de 25 000 FCFA par mois, ça vous va ?'),
  keep('2500F de l’heure, c’est possible pour la 3ème ?'),
  keep('Je propose 70 000 francs par mois pour 3 fois par semaine.'),
  keep('On commence le 12/03/2026 et on finit le 05/06/2026.'),
  keep('Le premier cours le 5 décembre à 15h30, 2 heures.'),
  keep('Mon fils est en 6e, ma fille en Terminale D et le grand en première A.'),
  keep('Séances de 90 min, 17 h à 18 h 30, chez nous à Cocody.'),
  keep('Année scolaire 2025-2026, classe de 4ème, moyenne 12.5/20.'),
  keep('Il a eu 08/20 en maths et 11/20 en physique.'),
  keep('Entre 50 000 et 100 000 FCFA, 2 enfants, 3 matières.'),
  keep('Point important : il faut revoir les fractions. À samedi !'),
  keep('Je suis disponible du 01/02/2026 - 05/03/2026 le matin.'),
  keep('On peut parler sur WhatsApp après le premier cours ?'),
  keep('Quartier Riviera 2, près de la pharmacie, 2e étage.'),
  keep('1 500 000 FCFA pour l’année ? Non, trop cher. Disons 20 000 par mois.'),
  keep('Le BEPC 2026 commence le 9 juin ; révisions les 2, 3 et 4 juin.'),
  keep('Merci ! Mon fils a eu 15 de moyenne au premier trimestre.'),
  keep('Exercices 1, 2, 3, 4, 5, 6, 7, 8 et 9 page 45.'),
  keep('J’ai deux enfants : un en CM2, une en cinquième.'),
  keep('Rendez-vous chez ma sœur à Marcory, à 16h.'),
  keep('Ce point ci est à revoir : la leçon 7, chapitre 3.'),
  keep('Cours de 8h à 10h les lundis, mercredis et vendredis.'),
  keep('Signal faible ici, je vous rappelle plus tard via Kalan.'),
  keep('WhatsApp : non merci, je préfère Kalan.'),
  keep('Le tarif : ２５ ０００ FCFA par mois 👨\u200d👩\u200d👧, à partir du ١٢/٠٣/٢٠٢٦.'),
];

/** Business constants of the product specification (§9). One place for each truth. */

export const ROLES = ['parent', 'tuteur', 'entreprise', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return (ROLES as readonly unknown[]).includes(value);
}

/** Roles anyone may sign up with; admins are created by `npm run create-admin`. */
export const PUBLIC_ROLES = ['parent', 'tuteur', 'entreprise'] as const satisfies readonly Role[];
export type PublicRole = (typeof PUBLIC_ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  parent: 'Parent/Élève',
  tuteur: 'Répétiteur',
  entreprise: 'Entreprise',
  admin: 'Admin',
};

/** Sign-up role choices, with the descriptions shown under each option. */
export const SIGN_UP_ROLE_OPTIONS: ReadonlyArray<{ value: PublicRole; label: string; description: string }> = [
  { value: 'parent', label: 'Parent / Élève', description: 'Je cherche un répétiteur' },
  { value: 'tuteur', label: 'Répétiteur', description: 'Je propose mes services' },
  { value: 'entreprise', label: 'Entreprise / Association', description: 'Je gère plusieurs répétiteurs' },
];

export const SUBJECTS = [
  'Mathématiques',
  'Français',
  'Anglais',
  'Physique',
  'Chimie',
  'Biologie',
  'Histoire-Géographie',
  'Philosophie',
  'Économie',
  'Informatique',
  'Espagnol',
  'Allemand',
] as const;
export type Subject = (typeof SUBJECTS)[number];

export const LEVELS = ['Primaire', 'Collège (6e-3e)', 'Lycée (2nde-Tle)', 'Supérieur', 'Formation technique'] as const;
export type Level = (typeof LEVELS)[number];

/**
 * Where lessons happen (issue 33): the thirteen communes of the Abidjan autonomous district, the
 * main towns of the country, and remote lessons (tutors only). The ids of the first specification's
 * areas are kept as they were, so stored profiles keep their meaning.
 */
export const ABIDJAN_COMMUNES = [
  'abobo',
  'adjame',
  'attecoube',
  'cocody',
  'koumassi',
  'marcory',
  'plateau',
  'port-bouet',
  'treichville',
  'yopougon',
  'bingerville',
  'anyama',
  'songon',
] as const;
export const TOWNS = ['bouake', 'yamoussoukro', 'san-pedro', 'daloa', 'korhogo', 'man', 'gagnoa'] as const;
export const ZONES = [...ABIDJAN_COMMUNES, ...TOWNS, 'distance'] as const;
export type Zone = (typeof ZONES)[number];
export const ZONE_LABELS: Record<Zone, string> = {
  abobo: 'Abobo',
  adjame: 'Adjamé',
  attecoube: 'Attécoubé',
  cocody: 'Cocody',
  koumassi: 'Koumassi',
  marcory: 'Marcory',
  plateau: 'Plateau',
  'port-bouet': 'Port-Bouët',
  treichville: 'Treichville',
  yopougon: 'Yopougon',
  bingerville: 'Bingerville',
  anyama: 'Anyama',
  songon: 'Songon',
  bouake: 'Bouaké',
  yamoussoukro: 'Yamoussoukro',
  'san-pedro': 'San-Pédro',
  daloa: 'Daloa',
  korhogo: 'Korhogo',
  man: 'Man',
  gagnoa: 'Gagnoa',
  distance: 'Cours à distance',
};
/** The zone choices as the selects group them (district, towns, remote). */
export const ZONE_GROUPS: ReadonlyArray<{ label: string; zones: readonly Zone[] }> = [
  { label: "District d'Abidjan", zones: ABIDJAN_COMMUNES },
  { label: 'Autres villes', zones: TOWNS },
  { label: 'À distance', zones: ['distance'] },
];
/** Zones a parent can pick (remote lessons are a tutor option). */
export const PARENT_ZONES = ZONES.filter((zone) => zone !== 'distance');

export const EXPERIENCE_OPTIONS = ['debutant', '1-3ans', '3-5ans', '5-10ans', '10ans+'] as const;
export type Experience = (typeof EXPERIENCE_OPTIONS)[number];
export const EXPERIENCE_LABELS: Record<Experience, string> = {
  debutant: 'Débutant',
  '1-3ans': '1 à 3 ans',
  '3-5ans': '3 à 5 ans',
  '5-10ans': '5 à 10 ans',
  '10ans+': 'Plus de 10 ans',
};
/** Relevance score of the experience (spec §9). */
export const EXPERIENCE_SCORE: Record<Experience, number> = {
  debutant: 1,
  '1-3ans': 2,
  '3-5ans': 3,
  '5-10ans': 4,
  '10ans+': 5,
};

export const WEEK_DAYS = ['Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi', 'Samedi', 'Dimanche'] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];
/** Slot times offered hourly from 08:00 to 21:00. */
export const SLOT_TIMES = Array.from({ length: 14 }, (_, i) => `${String(8 + i).padStart(2, '0')}:00`);
export const DEFAULT_SLOT = { start: '09:00', end: '17:00' } as const;

export const CHILD_LEVELS = ['primaire', 'college', 'lycee', 'superieur', 'technique'] as const;
export const MONTHLY_BUDGETS = ['0-50000', '50000-100000', '100000-200000', '200000+'] as const;
export const COMPANY_TYPES = ['school', 'center', 'association', 'cooperative', 'ngo', 'company'] as const;
export const TUTOR_COUNT_RANGES = ['1-5', '6-10', '11-25', '26-50', '50+'] as const;
export type ChildLevel = (typeof CHILD_LEVELS)[number];
export type MonthlyBudget = (typeof MONTHLY_BUDGETS)[number];
export type CompanyType = (typeof COMPANY_TYPES)[number];
export type TutorCountRange = (typeof TUTOR_COUNT_RANGES)[number];
export const CHILD_LEVEL_LABELS: Record<ChildLevel, string> = {
  primaire: 'Primaire',
  college: 'Collège',
  lycee: 'Lycée',
  superieur: 'Supérieur',
  technique: 'Technique',
};
export const MONTHLY_BUDGET_LABELS: Record<MonthlyBudget, string> = {
  '0-50000': '0 - 50 000 FCFA',
  '50000-100000': '50 000 - 100 000 FCFA',
  '100000-200000': '100 000 - 200 000 FCFA',
  '200000+': 'Plus de 200 000 FCFA',
};
export const COMPANY_TYPE_LABELS: Record<CompanyType, string> = {
  school: 'École',
  center: 'Centre de formation',
  association: 'Association',
  cooperative: 'Coopérative',
  ngo: 'ONG',
  company: 'Entreprise',
};
export const TUTOR_COUNT_LABELS: Record<TutorCountRange, string> = {
  '1-5': '1 à 5 répétiteurs',
  '6-10': '6 à 10 répétiteurs',
  '11-25': '11 à 25 répétiteurs',
  '26-50': '26 à 50 répétiteurs',
  '50+': 'Plus de 50 répétiteurs',
};
/** Hourly rate suggested to new tutors (spec: onboarding intro). */
export const SUGGESTED_RATE_RANGE = { min: 3000, max: 8000 } as const;
/** KYC review delay announced to tutors (working hours). */
export const KYC_REVIEW_HOURS = '24-48';
/** Ideal camera resolution for KYC captures, and the JPEG quality of a capture. */
export const CAMERA_IDEAL = { width: 1280, height: 720 } as const;
export const CAPTURE_JPEG_QUALITY = 0.8;
export const KYC_STATUSES = ['pending', 'approved', 'rejected'] as const;
/**
 * How long identity documents outlive the reason to keep them (law 2013-450: no longer than
 * needed). The admin's rejection tags a submission's objects `kalan-retention=rejected`, an
 * account deletion `kalan-retention=account-deleted`; an S3 lifecycle rule of the KYC bucket
 * (infra/lib/data.ts) expires tagged objects after these many days. Rejected documents stay a
 * month so the tutor can contest the decision with the admin; a deleted account's go at once
 * (1 day is S3 lifecycle's minimum). Replaced or deleted versions stay recoverable
 * `replacedVersionDays`, then go too.
 */
export const KYC_RETENTION = {
  tagKey: 'kalan-retention',
  rejected: { tag: 'rejected', days: 30 },
  accountDeleted: { tag: 'account-deleted', days: 1 },
  replacedVersionDays: 30,
} as const;
/** Presigned URLs of identity documents live minutes (GET and upload POST alike). */
export const KYC_URL_TTL_SECONDS = 5 * 60;
export type KycStatus = (typeof KYC_STATUSES)[number];

export const PAYMENT_METHODS = [
  'card',
  'mobile_money_orange',
  'mobile_money_mtn',
  'mobile_money_moov',
  'mobile_money_wave',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const CURRENCY = 'XOF';
/** Platform commission: 10 % of the total, rounded to the franc. */
export const COMMISSION_RATE = 0.1;

export const RATE_MIN = 0;
export const RATE_MAX = 10_000;
export const RATE_STEP = 500;
export const DURATION_MIN_HOURS = 1;
export const DURATION_MAX_HOURS = 8;

export const HISTORY_SHOWN = 10;
export const HISTORY_FOR_PREFERENCES = 20;

export const SORT_OPTIONS = ['rating', 'price', 'availability'] as const;
export type SortBy = (typeof SORT_OPTIONS)[number];
export const SORT_ORDERS = ['desc', 'asc'] as const;

export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** A diploma may also be a document: tutors keep their scanned diplomas as PDFs (issue 28). */
export const UPLOAD_DOCUMENT_TYPES = ['application/pdf'] as const;
export const MAX_PROFILE_PHOTOS = 1;
export const MAX_DIPLOMAS = 5;

export const DEFAULT_CARD_RATING = 4.8;
export const FAVORITE_ANIMATION_MS = 300;
export const HERO_STATS = { tutors: '500+', verified: '100%', rating: 4.9 } as const;
export const INVOICE_NUMBER_LENGTH = 8;
export const DISPUTE_RATING_THRESHOLD = 2;
/**
 * The one password rule, in the only terms Cognito's pool policy knows (length, and a lower-case
 * letter, a capital, a digit, a symbol required or not): at least 8 characters, with a lower-case
 * letter and a digit. The pool (infra/lib/auth.ts), the local pool (infra/local/cognito.ts) and
 * the form's schema (`newPasswordSchema`) are derived from it. Cognito counts only a–z as
 * lower-case letters and 0–9 as digits, so the schema does too: 'ÉLÈVE-2026' is refused.
 */
export const PASSWORD_POLICY = {
  minLength: 8,
  requireLowercase: true,
  requireUppercase: false,
  requireDigits: true,
  requireSymbols: false,
} as const;
export const PASSWORD_MIN_LENGTH = PASSWORD_POLICY.minLength;
/** The e-mail confirmation and reset codes Cognito sends (6 digits). */
export const EMAIL_CODE_LENGTH = 6;

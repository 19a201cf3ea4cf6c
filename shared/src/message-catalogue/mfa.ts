/** The admin's second factor (TOTP): enrolment in the console, the code at sign-in, the API's refusal. */
export const mfaMessages = {
  enrolTitle: 'Activez la double authentification',
  enrolIntro:
    "La console d'administration demande un second facteur : un code à 6 chiffres donné par une application d'authentification (Google Authenticator, Microsoft Authenticator, FreeOTP…).",
  scanStep: "1. Scannez ce QR code avec votre application d'authentification.",
  secretLabel: 'Ou saisissez cette clé à la main :',
  codeStep: "2. Saisissez le code à 6 chiffres affiché par l'application.",
  codeLabel: "Code de l'application d'authentification",
  codeHelp: 'Le code change toutes les 30 secondes.',
  codeInvalid: 'Le code doit contenir 6 chiffres',
  codeMismatch: 'Code incorrect ou expiré. Saisissez le code affiché en ce moment.',
  enrolSubmit: 'Activer',
  enrolDoneTitle: 'Double authentification activée',
  signInAgainTitle: 'Reconnectez-vous',
  signInAgainText:
    "La double authentification est activée. Reconnectez-vous avec votre mot de passe puis le code de l'application pour ouvrir la console.",
  signInAgain: 'Se reconnecter',
  signInStepTitle: "Code de l'application d'authentification",
  signInStepSubtitle: 'Double authentification',
  signInStepText: "Saisissez le code à 6 chiffres affiché par votre application d'authentification.",
  signInStepSubmit: 'Valider',
  setupFailure: "Impossible de préparer la double authentification. Réessayez.",
  statusFailure: "Impossible de vérifier la double authentification.",
  /** The API's 403 (code `mfa_required`) to an admin whose session did not pass the factor. */
  required: "Activez la double authentification dans la console d'administration pour continuer.",
  signInRequired: "Reconnectez-vous avec le code de votre application d'authentification pour continuer.",
  /** The enrolment route, called before Cognito has the factor on. */
  notEnabled: "La double authentification n'est pas encore activée sur ce compte.",
} as const;

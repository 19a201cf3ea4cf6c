export const validationMessages = {
  required: 'Ce champ est obligatoire',
  email: 'Adresse email invalide',
  passwordTooShort: 'Le mot de passe doit contenir au moins 8 caractères',
  /** Cognito counts only a–z (PASSWORD_POLICY): 'é' alone is not enough. */
  passwordNeedsLowercase: 'Le mot de passe doit contenir au moins une lettre minuscule sans accent (a à z)',
  passwordNeedsUppercase: 'Le mot de passe doit contenir au moins une lettre majuscule sans accent (A à Z)',
  passwordNeedsDigit: 'Le mot de passe doit contenir au moins un chiffre',
  passwordNeedsSymbol: 'Le mot de passe doit contenir au moins un symbole (par exemple - ! ? @ #)',
  /** Cognito's InvalidPasswordException, whatever rule failed. */
  passwordPolicy: 'Le mot de passe doit contenir au moins 8 caractères, dont une lettre minuscule et un chiffre',
  emailCode: 'Le code doit contenir 6 chiffres',
  invalidRole: 'Type de compte invalide',
  invalidJson: "Le corps de la requête n'est pas un JSON valide",
  jsonContentType: 'Le corps de la requête doit être envoyé en JSON (Content-Type: application/json)',
  invalidRequest: 'Requête invalide',
  bodyNotObject: 'Le corps de la requête doit être un objet JSON',
  missingId: 'Identifiant manquant',
  invalidId: 'Identifiant invalide',
  unknownFields: 'Champs non reconnus dans la requête',
} as const;

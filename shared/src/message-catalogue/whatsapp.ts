export const whatsappMessages = {
  /** Notification preferences and onboarding (issue 34). */
  channelLabel: 'WhatsApp',
  channelHelp: 'Recevez les demandes, rappels et paiements sur WhatsApp, là où vous lisez vos messages.',
  phoneLabel: 'Numéro WhatsApp',
  phonePlaceholder: '07 07 12 34 56',
  invalidPhone: 'Numéro invalide : 10 chiffres, par exemple 07 07 12 34 56',
  sendCode: 'Recevoir le code sur WhatsApp',
  codeSent: (masked: string) => `Code envoyé sur WhatsApp au ${masked}`,
  codeLabel: 'Code reçu sur WhatsApp',
  invalidCode: 'Code incorrect',
  codeExpired: 'Ce code a expiré : demandez-en un nouveau',
  tooManyAttempts: 'Trop d’essais : demandez un nouveau code',
  tooManyCodes: 'Trop de codes demandés : réessayez dans une heure',
  phoneTaken: 'Ce numéro WhatsApp est déjà relié à un autre compte Kalan',
  verify: 'Vérifier',
  verified: (masked: string) => `WhatsApp activé sur le ${masked}`,
  stopped: 'WhatsApp désactivé : vous avez répondu STOP. Reliez à nouveau votre numéro pour le réactiver.',
  stoppedUndeliverable:
    'WhatsApp désactivé : nos messages ne parviennent plus à ce numéro (Kalan bloqué ou numéro sans WhatsApp). Vos notifications arrivent par e-mail. Reliez à nouveau votre numéro pour le réactiver.',
  remove: 'Désactiver WhatsApp',
  removed: 'WhatsApp désactivé',
  sendFailure: 'Impossible d’envoyer le code sur WhatsApp pour le moment. Réessayez plus tard.',
  /** The last step of the onboarding (skippable). */
  onboardingTitle: 'Recevoir vos notifications sur WhatsApp',
  onboardingLater: 'Facultatif : vous pourrez aussi le faire plus tard dans Notifications › Préférences.',
  onboardingContinue: 'Continuer',
  /** Answers sent in the conversation (free text, within the 24-hour window the person opened). */
  replyAccepted: (what: string) => `C’est noté : vous avez accepté ${what}. Le parent est prévenu.`,
  replyDeclined: (what: string) => `C’est noté : vous avez refusé ${what}. Le parent est remboursé.`,
  replyStale: 'Cette demande n’attend plus de réponse : ouvrez Kalan pour voir où elle en est.',
  replyUnknown: 'Nous n’avons pas pu relier ce message à votre compte Kalan. Ouvrez Kalan pour répondre.',
  replyStopped: 'Vous ne recevrez plus de messages Kalan sur WhatsApp. Réactivez-les dans Notifications › Préférences.',
  /** The webhook's refusals (Meta's calls; a person never sees them). */
  invalidVerifyToken: 'Jeton de vérification WhatsApp invalide',
  invalidWebhookEvent: 'Événement WhatsApp invalide',
} as const;

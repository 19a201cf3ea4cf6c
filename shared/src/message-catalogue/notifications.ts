/** Notifications (issue 15): the API's errors, and what the SPA says about them. */
export const notificationsMessages = {
  notFound: 'Notification introuvable',
  unknown: 'Notification inconnue',
  emailChoice: 'Indiquez si vous voulez recevoir les notifications par e-mail (oui ou non)',
  whatsappChoice: 'Indiquez si vous voulez recevoir les notifications sur WhatsApp (oui ou non)',
  whatsappNotVerified: 'Reliez d’abord votre numéro WhatsApp avec le code reçu',
  whatsappUnavailable: 'WhatsApp n’est pas disponible pour le moment',
} as const;

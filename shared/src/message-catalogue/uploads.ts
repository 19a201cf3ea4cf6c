export const uploadsMessages = {
  cameraErrorTitle: 'Erreur caméra',
  cameraError: "Impossible d'accéder à la caméra. Vérifiez les permissions.",
  uploadErrorTitle: 'Erreur upload',
  uploadError: "Impossible d'uploader la photo. Veuillez réessayer.",
  uploadSuccess: 'Photo uploadée',
  invalidType: 'Seules les images JPEG, PNG ou WebP sont acceptées',
  tooLarge: 'La photo dépasse 5 Mo',
  // A diploma may also be a PDF (issue 28): its refusals name the file, not a photo.
  invalidDiplomaType: 'Seuls les fichiers PDF, JPEG, PNG ou WebP sont acceptés',
  diplomaTooLarge: 'Le fichier dépasse 5 Mo',
  diplomaUploadError: "Impossible d'uploader le diplôme. Veuillez réessayer.",
  diplomaUploadSuccess: 'Diplôme uploadé',
  /** A picked file the purpose does not take, refused before it is sent. */
  refusedTitle: 'Fichier refusé',
  acceptedFormats: (formats: string) => `Formats acceptés : ${formats} (5 Mo maximum).`,
  notYours: 'Ce fichier ne vous appartient pas',
  missing: 'Fichier introuvable : envoyez la photo à nouveau',
  invalidKey: 'Référence de fichier invalide',
  retained: 'Ce document a été refusé : envoyez une nouvelle photo',
} as const;

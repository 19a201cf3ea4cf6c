export { AskQuestionButton } from './ask-question-button';
export { TutorCard, type TutorCardAsk, type TutorCardFavorite, type TutorCardProps } from './tutor-card';
export { TutorPhoto, type TutorPhotoProps } from './tutor-photo';
export { TutorCardSkeleton, TutorListSkeleton } from './tutor-card-skeleton';

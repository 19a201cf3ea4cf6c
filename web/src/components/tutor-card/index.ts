export { TutorCard, type TutorCardFavorite, type TutorCardProps } from './tutor-card';
export { TutorCardSkeleton, TutorListSkeleton } from './tutor-card-skeleton';

import { Card, HStack, Skeleton, SkeletonCircle, SkeletonText, Stack } from '@chakra-ui/react';

/** The shape of a tutor card while it loads. */
export function TutorCardSkeleton() {
  return (
    <Card.Root size="sm" aria-hidden>
      <Card.Body gap="3">
        <HStack gap="3">
          <SkeletonCircle size="12" />
          <Stack flex="1" gap="2">
            <Skeleton h="4" w="60%" />
            <Skeleton h="3" w="40%" />
          </Stack>
        </HStack>
        <SkeletonText noOfLines={2} />
        <HStack gap="2">
          <Skeleton h="8" flex="1" />
          <Skeleton h="8" flex="1" />
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

/** A list of tutors while it loads: `count` skeleton cards (3 by default, as the spec shows). */
export function TutorListSkeleton({ count = 3 }: { count?: number }) {
  return (
    <Stack gap="3" role="status" aria-label="Chargement…">
      {Array.from({ length: count }, (_, i) => (
        <TutorCardSkeleton key={i} />
      ))}
    </Stack>
  );
}

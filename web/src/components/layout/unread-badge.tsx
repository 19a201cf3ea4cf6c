import { Box, type BoxProps } from '@chakra-ui/react';

/**
 * The red count on a header button or a tab (the bell's notifications, the unread messages):
 * hidden from screen readers, the button's name says it ('Messages, 2 non lus').
 */
export function UnreadBadge({ count, ...position }: { count: number } & Pick<BoxProps, 'top' | 'insetEnd'>) {
  if (count <= 0) return null;
  return (
    <Box
      as="span"
      aria-hidden="true"
      position="absolute"
      top="0.5"
      insetEnd="0.5"
      minW="5"
      h="5"
      px="1"
      borderRadius="full"
      bg="red.solid"
      color="white"
      fontSize="xs"
      fontWeight="bold"
      lineHeight="1.25rem"
      textAlign="center"
      pointerEvents="none"
      {...position}
    >
      {count > 99 ? '99+' : String(count)}
    </Box>
  );
}

import { Text, type TextProps } from '@chakra-ui/react';
import { useOnline } from '@/lib/pwa/online';

/**
 * Beside a money action disabled offline (issue 34): why, in French. Money is never queued for
 * the network's return: the person acts again once connected. Renders nothing online.
 */
export function ConnectionNeeded({ message, id, ...props }: { message: string; id?: string } & TextProps) {
  const online = useOnline();
  if (online) return null;
  return (
    <Text id={id} role="status" color="fg.error" fontSize="sm" data-testid="connection-needed" {...props}>
      {message}
    </Text>
  );
}

import { Box, Container } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { AppHeader } from './app-header';

interface PageLayoutProps {
  title: string;
  onBack?: () => void;
  /** Extra space at the bottom for a fixed bottom bar. */
  bottomInset?: boolean;
  children: ReactNode;
}

/** A signed-in screen: common header, then a centred, width-capped content column. */
export function PageLayout({ title, onBack, bottomInset = false, children }: PageLayoutProps) {
  return (
    <Box minH="100dvh" bg="bg.muted">
      <AppHeader title={title} onBack={onBack} />
      <Container as="main" maxW="5xl" px={{ base: '4', md: '6' }} pt="6" pb={bottomInset ? '28' : '10'}>
        {children}
      </Container>
    </Box>
  );
}

import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ToasterOutlet } from '@/components/ui/notify';
import { createQueryClient } from '@/lib/query-client';
import { kalanSystem } from './theme';

/** UI system, data cache and toasts: everything the screens expect around them. */
export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <ChakraProvider value={kalanSystem()}>
      <QueryClientProvider client={queryClient}>
        {children}
        <ToasterOutlet />
      </QueryClientProvider>
    </ChakraProvider>
  );
}

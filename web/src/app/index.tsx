import { AuthProvider } from '@/lib/auth';
import { AppProvider } from './provider';
import { AppRouter } from './router';
import { RuntimeConfigGate } from './runtime-config-gate';

export function App() {
  return (
    <AppProvider>
      <RuntimeConfigGate>
        <AuthProvider>
          <AppRouter />
        </AuthProvider>
      </RuntimeConfigGate>
    </AppProvider>
  );
}

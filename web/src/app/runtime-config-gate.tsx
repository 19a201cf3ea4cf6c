import { uiMessages } from '#shared/message-catalogue/ui';
import { startTransition, useCallback, useEffect, useState, type ReactNode } from 'react';
import { FullPageSpinner } from '@/components/ui/full-page-spinner';
import { FullPageError } from '@/components/ui/page-state';
import { configureAmplify } from '@/lib/amplify';
import { loadRuntimeConfig } from '@/lib/config';

type Status = 'loading' | 'ready' | 'failed';

/** Loads /config.json and configures Amplify before anything touches the session or the API. */
export function RuntimeConfigGate({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<Status>('loading');

  const load = useCallback(async () => {
    setStatus('loading');
    try {
      configureAmplify(await loadRuntimeConfig());
      startTransition(() => setStatus('ready'));
    } catch (error) {
      console.error(error);
      setStatus('failed');
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  if (status === 'ready') return children;
  if (status === 'loading') return <FullPageSpinner />;
  return (
    <FullPageError title={uiMessages.configLoadFailure} onRetry={() => void load()} />
  );
}

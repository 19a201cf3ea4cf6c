import { messages } from '#shared/messages';
import { useRouteError } from 'react-router-dom';
import { FullPageError } from '@/components/ui/page-state';

/** Any render error, or a screen's code that failed to download (e.g. after a new deploy). */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <FullPageError title={messages.http.internal} onRetry={() => window.location.reload()} />
  );
}

import { httpMessages } from '#shared/message-catalogue/http';
import { Component, type ReactNode } from 'react';
import { useLocation, type Location } from 'react-router-dom';
import { FullPageError } from '@/components/ui/page-state';

/** Any render error, or a screen's code that failed to download (e.g. after a new deploy). */
export function RouteError() {
  return <FullPageError title={httpMessages.internal} onRetry={() => window.location.reload()} />;
}

interface BoundaryProps {
  location: Location;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  /** Where the error was caught: going elsewhere shows the screens again. */
  location: Location;
}

class LocationErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, location: this.props.location };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.location === state.location ? null : { failed: false, location: props.location };
  }

  override componentDidCatch(error: unknown): void {
    console.error(error);
  }

  override render(): ReactNode {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

/** Shows RouteError instead of the screens after an error, until the user goes to another address. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  return <LocationErrorBoundary location={location}>{children}</LocationErrorBoundary>;
}

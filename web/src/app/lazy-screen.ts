import { lazy, type ComponentType } from 'react';

export interface ScreenModule {
  default: ComponentType;
}

/**
 * A screen's code, fetched on first visit (each first page starts with little JS), and its
 * component. React.lazy suspends the first render of a lazy component even when its code is
 * already here (it waits for the promise's `then`), and React then holds the screen back until
 * 300 ms after the suspense fallback appeared (its "fallback throttle"): measured on /cours, the
 * main thread sat idle ~300 ms between the profile's answer and the first paint (issue 34). A
 * screen fetched beforehand (router.tsx preloadScreenOf) is handed to React as a thenable already
 * resolved, which React.lazy reads at once: no suspension.
 */
export function screen(load: () => Promise<ScreenModule>) {
  let loaded: ScreenModule | undefined;
  const fetch = () =>
    load().then((module) => {
      loaded = module;
      return module;
    });
  const resolved = (module: ScreenModule) => ({ then: (resolve: (value: ScreenModule) => void) => resolve(module) });
  // React.lazy takes any thenable (its types ask for a Promise).
  const Component = lazy(() => (loaded ? (resolved(loaded) as unknown as Promise<ScreenModule>) : fetch()));
  return { fetch, Component };
}

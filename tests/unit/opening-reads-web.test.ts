/**
 * The first screen's start (issue 34): the screen's reads asked for with the profile, the copy
 * they bring taken by the screen without a second read, and a screen whose code came beforehand
 * drawn without suspending (React would otherwise hold it back up to 300 ms).
 */
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { createElement, lazy, Suspense, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '../../web/src/app/lazy-screen';
import { expectOpeningScreen, prefetchOpeningRead, readOnEachVisit, roleOfGroups, startOpeningReads } from '../../web/src/lib/opening-reads';

afterEach(() => {
  vi.useRealTimers();
});

/** A read that counts how often it is made. */
function countedRead(key: string) {
  let reads = 0;
  return {
    options: { queryKey: [key], queryFn: async () => ({ read: ++reads }), staleTime: readOnEachVisit },
    reads: () => reads,
  };
}

/** Subscribes one observer (a screen mounting the query) and waits until nothing is being fetched. */
async function mount(queryClient: QueryClient, options: ReturnType<typeof countedRead>['options']) {
  const observer = new QueryObserver(queryClient, options);
  const stop = observer.subscribe(() => undefined);
  await vi.waitFor(() => expect(observer.getCurrentResult().fetchStatus).toBe('idle'));
  stop();
}

describe('a read made again on each visit of its screen', () => {
  it('is not made a second time when the screen mounts on the copy read for its opening', async () => {
    const queryClient = new QueryClient();
    const lessons = countedRead('lessons');
    await prefetchOpeningRead(queryClient, lessons.options);
    await mount(queryClient, lessons.options);
    expect(lessons.reads()).toBe(1);
  });

  it('is made again on a visit once the copy is not the opening one, or the opening is 10 s old', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const queryClient = new QueryClient();
    const lessons = countedRead('lessons');
    await prefetchOpeningRead(queryClient, lessons.options);
    await mount(queryClient, lessons.options);
    vi.setSystemTime(Date.now() + 1_000);
    await queryClient.refetchQueries({ queryKey: ['lessons'] }); // read again by the screen (an action, a refresh)
    await mount(queryClient, lessons.options); // the next visit: read again
    expect(lessons.reads()).toBe(3);

    const packages = countedRead('packages');
    await prefetchOpeningRead(queryClient, packages.options);
    vi.setSystemTime(Date.now() + 10_001);
    await mount(queryClient, packages.options);
    expect(packages.reads()).toBe(2);
  });

  it('is made on mount when nothing was read for the opening', async () => {
    const queryClient = new QueryClient();
    const credits = countedRead('credits');
    await queryClient.prefetchQuery(credits.options); // read, but not as the opening's
    await mount(queryClient, credits.options);
    expect(credits.reads()).toBe(2);
  });
});

describe("the opening screen's reads", () => {
  it("are started once, with the role of the session's groups", async () => {
    const openingReads = vi.fn();
    expectOpeningScreen(Promise.resolve({ default: () => null, openingReads }));
    const queryClient = new QueryClient();
    startOpeningReads(queryClient, roleOfGroups(['tuteur']));
    startOpeningReads(queryClient, roleOfGroups(['tuteur']));
    await vi.waitFor(() => expect(openingReads).toHaveBeenCalledTimes(1));
    expect(openingReads).toHaveBeenCalledWith(queryClient, 'tuteur');
  });

  it('take only Kalan roles from the groups', () => {
    expect(roleOfGroups(['parent'])).toBe('parent');
    expect(roleOfGroups(['us-east-1_pool_Google', 'admin'])).toBe('admin');
    expect(roleOfGroups(['visiteur'])).toBeUndefined();
    expect(roleOfGroups(undefined)).toBeUndefined();
    expect(roleOfGroups('parent')).toBeUndefined();
  });
});

describe('a screen whose code came beforehand', () => {
  const Screen = () => createElement('h1', null, 'Mes cours');
  const drawn = (Component: ComponentType) => renderToString(createElement(Suspense, { fallback: createElement('p', null, 'Chargement') }, createElement(Component)));

  it('is drawn at once, without the suspense fallback', async () => {
    const lessons = screen(() => Promise.resolve({ default: Screen }));
    await lessons.fetch();
    expect(drawn(lessons.Component)).toContain('Mes cours');
  });

  it('(React.lazy alone suspends even then: what the helper avoids)', async () => {
    const module = Promise.resolve({ default: Screen });
    await module;
    expect(drawn(lazy(() => module))).toContain('Chargement');
  });

  it('is fetched by its first render when nothing fetched it before', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Screen }));
    const lessons = screen(load);
    expect(drawn(lessons.Component)).toContain('Chargement');
    expect(load).toHaveBeenCalledTimes(1);
  });
});

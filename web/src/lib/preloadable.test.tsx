import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { preloadable } from './preloadable';

function Page({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

const inSuspense = (node: React.ReactNode) => render(<Suspense fallback={<p>Loading...</p>}>{node}</Suspense>);

describe('preloadable', () => {
  it('once preloaded, renders in the first commit: no fallback, so no React hold of it', async () => {
    const load = jest.fn(() => Promise.resolve({ default: Page }));
    const Lazy = preloadable(load);
    await Lazy.preload();
    inSuspense(<Lazy name="Corner Coffee" />);
    // synchronously, without awaiting: React.lazy would show the fallback here
    expect(screen.getByText('Hello Corner Coffee')).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads on first use like React.lazy, once however often it is asked for', async () => {
    const load = jest.fn(() => Promise.resolve({ default: Page }));
    const Lazy = preloadable(load);
    inSuspense(<Lazy name="Bagel Bar" />);
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(await screen.findByText('Hello Bagel Bar')).toBeTruthy();
    await Lazy.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed load, so the next preload fetches again', async () => {
    const load = jest.fn<Promise<{ default: typeof Page }>, []>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ default: Page });
    const Lazy = preloadable(load);
    await expect(Lazy.preload()).rejects.toThrow('offline');
    await Lazy.preload();
    expect(load).toHaveBeenCalledTimes(2);
    inSuspense(<Lazy name="Rye" />);
    expect(screen.getByText('Hello Rye')).toBeTruthy();
  });
});

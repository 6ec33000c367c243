import { existsSync } from 'node:fs';
import * as path from 'node:path';
import type { RouteObject } from 'react-router-dom';
import type { RouteHandle } from '@/components/layouts/page-meta';
import { routes } from '@/app/router';
import { AROUND_EVERY_PAGE, FIRST_SCREEN_PAGES } from './first-screen-pages';

const WEB = path.resolve(__dirname, '..', '..');

/** Every route's path with its handle, through the nested route table. */
function flatten(list: RouteObject[]): { path?: string; handle?: RouteHandle }[] {
  return list.flatMap((route) => [{ path: route.path, handle: route.handle as RouteHandle | undefined }, ...flatten(route.children ?? [])]);
}

describe('the pages the gateway renders', () => {
  it('are the routes with first reads, each with the code it loads', () => {
    const withReads = flatten(routes).filter((r) => r.handle?.reads);
    expect(Object.keys(FIRST_SCREEN_PAGES).sort()).toEqual(withReads.map((r) => r.path).sort());
    for (const route of withReads) expect(route.handle?.preload).toEqual(expect.any(Function));
    for (const source of [...Object.values(FIRST_SCREEN_PAGES), ...AROUND_EVERY_PAGE]) expect(existsSync(path.join(WEB, source))).toBe(true);
  });
});

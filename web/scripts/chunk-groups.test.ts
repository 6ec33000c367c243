import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chunkGroupOf, scanChunkGroups, type ScannedChunk } from './chunk-groups';

const lib = (name: string) => `/app/node_modules/${name}/index.js`;
const CSS = '/app/node_modules/antd/dist/antd.css';
const src = (name: string) => `/app/web/src/${name}.tsx`;
const chunk = (modules: string[], options: Partial<ScannedChunk> = {}): ScannedChunk => ({
  type: 'chunk',
  imports: [],
  ...options,
  modules: Object.fromEntries(modules.map((m) => [m, {}])),
});

/**
 * A bundle as Rollup cuts it: the entry (react, the landing's button), the forms (rc-form), the
 * catalogue (select), the cart (picker), the admin (table), and chunks shared by sets of them.
 */
const BUNDLE: Record<string, ScannedChunk> = {
  'index.js': chunk([src('main'), lib('button')], { isEntry: true, imports: ['react.js'] }),
  'react.js': chunk([lib('react')]),
  'auth.js': chunk([src('auth-page'), lib('rc-form')], { facadeModuleId: src('auth-page'), imports: ['input.js'] }),
  'input.js': chunk([lib('input'), CSS]),
  'catalogue.js': chunk([src('products-page'), lib('select')], { facadeModuleId: src('products-page'), imports: ['input.js', 'trigger.js'] }),
  'trigger.js': chunk([lib('trigger')]),
  'cart.js': chunk([src('cart-page'), lib('picker')], { facadeModuleId: src('cart-page'), imports: ['trigger.js', 'input.js'] }),
  'admin.js': chunk([src('admin'), lib('table')], { facadeModuleId: src('admin'), imports: ['trigger.js'] }),
  'style.css': { type: 'asset' },
};

const SCREENS = [
  { name: 'forms', roots: [/auth-page\.tsx$/] },
  { name: 'catalogue', roots: [/products-page\.tsx$/] },
  { name: 'cart', roots: [/cart-page\.tsx$/] },
];

describe('scanChunkGroups', () => {
  it('groups each library module by which first screens load it; the entry’s own go together', () => {
    const groups = scanChunkGroups(BUNDLE, { entry: 'landing', screens: SCREENS, skip: (id) => id === lib('react') });
    expect(groups).toEqual({
      'vendor-landing': [lib('button')],
      'vendor-forms': [lib('rc-form')],
      'vendor-forms-catalogue-cart': [lib('input')],
      'vendor-catalogue': [lib('select')],
      'vendor-catalogue-cart': [lib('trigger')],
      'vendor-cart': [lib('picker')],
    });
  });

  it('puts the screens named `withEntry` in the entry’s group, ahead of the others', () => {
    const groups = scanChunkGroups(BUNDLE, { entry: 'landing', withEntry: [/products-page\.tsx$/], screens: [SCREENS[0], SCREENS[2]], skip: () => false });
    expect(groups['vendor-landing']).toEqual([lib('button'), lib('input'), lib('react'), lib('select'), lib('trigger')]);
    expect(groups['vendor-forms']).toEqual([lib('rc-form')]);
    expect(groups['vendor-cart']).toEqual([lib('picker')]);
  });

  it('leaves out the app’s own modules, stylesheets and the screens opened later (Rollup cuts those)', () => {
    const grouped = Object.values(scanChunkGroups(BUNDLE, { entry: 'landing', screens: SCREENS, skip: () => false })).flat();
    expect(grouped.filter((id) => !id.includes('/node_modules/'))).toEqual([]);
    expect(grouped).not.toContain(CSS);
    expect(grouped).not.toContain(lib('table'));
  });

  it('fails when a screen’s roots match no chunk (a renamed page would silently undo the grouping)', () => {
    expect(() => scanChunkGroups(BUNDLE, { entry: 'landing', screens: [{ name: 'gone', roots: [/gone\.tsx$/] }], skip: () => false })).toThrow(
      'no chunk for the roots of screen "gone"',
    );
  });
});

describe('chunkGroupOf', () => {
  it('answers the scanned group of a module, and nothing without a scan', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chunk-groups-'));
    try {
      const file = path.join(dir, 'groups.json');
      expect(chunkGroupOf(file)(lib('select'))).toBeUndefined();
      fs.writeFileSync(file, JSON.stringify({ 'vendor-catalogue': [lib('select')] }));
      const groupOf = chunkGroupOf(file);
      expect(groupOf(lib('select'))).toBe('vendor-catalogue');
      expect(groupOf(lib('table'))).toBeUndefined();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

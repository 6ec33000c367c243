import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { trimAntdCss } from './antd-css';

const ES_DIR = path.join(__dirname, '../../node_modules/antd/es');
const ANTD_CSS = fs.readFileSync(path.join(__dirname, '../../node_modules/antd/dist/antd.css'), 'utf8');

const folders: string[] = [];
afterAll(() => folders.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/** A source folder holding one file with the given code (and a test file, whose imports do not count). */
function sources(code: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'antd-css-'));
  folders.push(dir);
  fs.writeFileSync(path.join(dir, 'page.tsx'), code);
  fs.writeFileSync(path.join(dir, 'page.test.tsx'), "import { Transfer } from 'antd';");
  return dir;
}

const trim = (code: string) => trimAntdCss(ANTD_CSS, { esDir: ES_DIR, srcDir: sources(code) });
/** Whether a rule's selector starts from the class (`.ant-tabs`, `.ant-tabs-nav`, `.css-var-x.ant-tabs`). */
const hasRule = (css: string, cls: string) => new RegExp(`(^|\\})[^{}@]*\\${cls}(?![a-z])`).test(css);

describe('trimAntdCss (issue 14: the first paint waits for the stylesheet)', () => {
  it("keeps an imported component's rules and drops those of components nothing imports", () => {
    const { css, kept, dropped } = trim("import { Button } from 'antd';\nexport const B = Button;");
    expect(kept).toContain('btn');
    expect(hasRule(css, '.ant-btn')).toBe(true);
    for (const prefix of ['transfer', 'tabs', 'tree-select', 'upload', 'tour']) {
      expect(dropped).toContain(prefix);
      expect(hasRule(css, `.ant-${prefix}`)).toBe(false);
    }
    // a test file's imports do not count
    expect(hasRule(ANTD_CSS, '.ant-transfer')).toBe(true);
    expect(css.length / ANTD_CSS.length).toBeLessThan(0.5);
  });

  it('keeps what an imported component renders through its own imports (Table: Pagination, Dropdown, Checkbox)', () => {
    const { css, kept } = trim("import {\n  Table,\n  type TableColumnsType,\n} from 'antd';");
    expect(kept).toEqual(expect.arrayContaining(['table', 'pagination', 'dropdown', 'checkbox', 'spin']));
    for (const selector of ['.ant-table', '.ant-pagination', '.ant-dropdown', '.ant-checkbox']) expect(hasRule(css, selector)).toBe(true);
  });

  it('the longest prefix decides: Select keeps .ant-select, TreeSelect alone owns .ant-select-tree', () => {
    const { css, dropped } = trim("import { Select } from 'antd';");
    expect(hasRule(css, '.ant-select')).toBe(true);
    expect(dropped).toContain('select-tree');
    expect(hasRule(css, '.ant-select-tree')).toBe(false);
  });

  it("keeps the prefixes the app's own components ask for, and the styles of modules it imports from antd/es", () => {
    const code = "import useCardStyle from 'antd/es/card/style';\nconst p = getPrefixCls('card');";
    const { css, kept, dropped } = trim(code);
    expect(kept).toContain('card');
    expect(hasRule(css, '.ant-card')).toBe(true);
    // the card's style module does not import Card (whose tab list brings Tabs)
    expect(dropped).toContain('tabs');
  });

  it('keeps keyframes and the rules of no component (the reset), and trims inside media queries', () => {
    const { css } = trim("import { Button } from 'antd';");
    const keyframes = ANTD_CSS.match(/@keyframes [^{]+\{/g) ?? [];
    expect(keyframes.length).toBeGreaterThan(10);
    expect(keyframes.filter((atRule) => !css.includes(atRule))).toEqual([]);
    expect(/(^|\})a\{color:var\(--ant-color-link\)/.test(css)).toBe(true);
    // the grid's breakpoints are the Form's (not imported here)
    expect(ANTD_CSS.includes('@media (min-width: 576px){.ant-col-sm')).toBe(true);
    expect(css.includes('.ant-col-sm')).toBe(false);
  });

  it('fails the build on a name antd does not export', () => {
    expect(() => trim("import { Buton } from 'antd';")).toThrow('antd exports no "Buton"');
  });
});

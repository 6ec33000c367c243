import { isNavActive } from '@/lib/nav';
import { mainItems, NAV_HREFS, tabItems } from './nav-items';

describe('the navigation entries', () => {
  it('give customers Standing Orders beside Orders, on the sidebar and the phone tab bar; admins reach them through Manage Customers', () => {
    expect(mainItems(false).map((i) => i.label)).toEqual(['Dashboard', 'Products', 'Orders', 'Standing Orders', 'Cart']);
    expect(tabItems(false).map((i) => i.tabLabel ?? i.label)).toEqual(['Products', 'Orders', 'Standing', 'Cart']);
    expect(mainItems(true).map((i) => i.label)).not.toContain('Standing Orders');
    expect(tabItems(true).map((i) => i.label)).not.toContain('Standing Orders');
  });

  it('keep Standing Orders active on its form', () => {
    for (const path of ['/standing-orders', '/standing-orders/new', '/standing-orders/abc/edit']) {
      expect(NAV_HREFS.filter((href) => isNavActive(path, href, NAV_HREFS))).toEqual(['/standing-orders']);
    }
  });
});

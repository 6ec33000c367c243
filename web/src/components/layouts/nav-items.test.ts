import { isNavActive } from '@/lib/nav';
import { ADMIN_ITEMS, mainItems, NAV_HREFS, tabItems } from './nav-items';

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

describe('the admin navigation (issue 18)', () => {
  it('lists Production and Invoices in the Admin section (sidebar and Main menu) but keeps the phone tab bar at seven tabs', () => {
    expect(ADMIN_ITEMS.map((i) => i.label)).toEqual([
      'Admin Dashboard',
      'Manage Products',
      'Manage Orders',
      'Production',
      'Delivery Schedule',
      'Manage Customers',
      'Price Lists',
      'Invoices',
    ]);
    expect(tabItems(true).map((i) => i.tabLabel ?? i.label)).toEqual(['Products', 'Orders', 'Overview', 'Inventory', 'Fulfilment', 'Schedule', 'Customers']);
  });

  it('makes Production and Invoices the active entry on their pages, not Admin Dashboard', () => {
    expect(NAV_HREFS.filter((href) => isNavActive('/admin/production', href, NAV_HREFS))).toEqual(['/admin/production']);
    expect(NAV_HREFS.filter((href) => isNavActive('/admin/invoices', href, NAV_HREFS))).toEqual(['/admin/invoices']);
  });
});

describe('the admin navigation (issue 19)', () => {
  it('reaches Price Lists from the sidebar and the phone’s Main menu, not the tab bar, and makes it the active entry on its page', () => {
    expect(ADMIN_ITEMS.map((i) => i.href)).toContain('/admin/price-lists');
    expect(tabItems(true).map((i) => i.href)).not.toContain('/admin/price-lists');
    expect(tabItems(true)).toHaveLength(7);
    expect(NAV_HREFS.filter((href) => isNavActive('/admin/price-lists', href, NAV_HREFS))).toEqual(['/admin/price-lists']);
  });
});

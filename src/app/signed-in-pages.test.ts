import { routeIcon } from './layout/route-icons';
import { routes } from './routes';
import { SIGNED_IN_PAGES } from './signed-in-pages';

describe('the route table and the modules kept out of the entry', () => {
  const signedIn = routes.filter((r) => r.bare !== true);

  it('has a page module for every signed-in route, and none for a path the table does not have', () => {
    expect(Object.keys(SIGNED_IN_PAGES).sort()).toEqual(signedIn.map((r) => r.path).sort());
  });

  it('loads a signed-in page through its route', async () => {
    const todo = routes.find((r) => r.path === '/apps/todo');
    const page = await todo?.load();
    expect(typeof page?.default).toBe('function');
  });

  it('has an icon for every page in the menu or search', () => {
    const missing = routes.filter((r) => (r.menu !== undefined || r.searchable === true) && routeIcon(r) === undefined).map((r) => r.path);
    expect(missing).toEqual([]);
  });
});

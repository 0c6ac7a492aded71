import { describeAdminListLive } from '../../../tests/support/admin-list-live';
import { OrganizationsScreen } from './organizations-page';

describeAdminListLive({
  title: 'Organizations',
  account: { username: 'superadmin', role: 1, uid: '1', displayName: 'Sam Super', email: 'superadmin@acme.example' },
  page: <OrganizationsScreen />,
  path: '/admin/organizations',
  api: '/api/organizations',
  change: 'organization.changed',
  create: { button: 'New organization', drawer: 'New organization' },
});

import { describeAdminListLive } from '../../../tests/support/admin-list-live';
import { UsersScreen } from './users-page';

describeAdminListLive({
  title: 'User Management',
  account: { username: 'admin', role: 2, uid: '2', displayName: 'Ada Admin', email: 'admin@acme.example' },
  page: <UsersScreen />,
  path: '/admin/users',
  api: '/api/users',
  change: 'user.changed',
  create: { button: 'Invite user', drawer: 'Invite a user' },
});

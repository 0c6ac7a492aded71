export { useCrudNotifications, useCrudScreen } from './use-crud-screen';

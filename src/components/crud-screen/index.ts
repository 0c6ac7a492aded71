export { useCrudNotifications, useCrudScreen, type CrudScreenRef, type CrudToasts, type ToastText } from './use-crud-screen';

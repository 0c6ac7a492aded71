export { DetailField, RecordDetailDrawer } from './record-detail-drawer';

export { AuditTrail, type AuditEntry } from './audit-trail';

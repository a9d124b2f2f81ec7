/**
 * Audit: the audit log (`audit_events`), its one writer (`recordAudit`) and the events each owner
 * records through it (change-events.ts, sign-in-audit.ts, access-denied.ts, settings-events.ts). Owners hand in what
 * they changed; audit imports no other module.
 */
export { recordInvalidToken, recordRouteDenied } from './access-denied';
export { recordAudit } from './audit.service';
export {
  groupPermissionNames,
  inTransaction,
  recordGroupCreated,
  recordGroupPermissionsChanged,
  recordPermissionCreated,
  recordRoleCreated,
  recordRoleDeleted,
  recordRoleGroupsChanged,
  recordRoleUpdated,
  recordTokenCreated,
  recordTokenRevoked,
  recordUserCreated,
  recordUserDeleted,
  recordUserUpdated,
  userSnapshot,
} from './change-events';
export type { RoleAccess } from './change-events';
export { requestInfoOf } from './request-info';
export { recordSettingsUpdated } from './settings-events';
export { auditSignIn, recordSignInFailure, recordSignOut } from './sign-in-audit';

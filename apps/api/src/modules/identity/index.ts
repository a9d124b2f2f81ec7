/**
 * Identity: users, roles, permissions and their groups, sessions, API tokens, addresses and the
 * profile, sign-in (OIDC, the development provider) and the request's caller. Other modules ask it
 * what a caller may do through the functions below; none reads these tables itself.
 */
export { requirePermissions } from './route-permissions';
export { SECURE_SESSION_COOKIE, SESSION_COOKIE } from './sessions';

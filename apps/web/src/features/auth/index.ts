/**
 * The auth feature's face: who is signed in, what they may do, and the guards built on that. Other
 * features import from here only (docs/architecture.md §1, "Inside the web").
 */
export { useAuth, fullName, initials } from './use-auth';
export { useAccess } from './use-access';
export { RouteGuard, goToSignIn, SIGN_IN_REDIRECT_MS, type RouteGuardProps } from './route-guard';
export { PermissionGuard } from './permission-guard';
export { AccessDenied } from './access-denied';
export { SignOutEverywhereDialog } from './components/sign-out-everywhere-dialog';

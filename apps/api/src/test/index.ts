/** The api's test helpers, for other packages' tests that need the real app (packages/client). */
export { startTestApp, type TestApp } from './test-app';
export { signIn, type SignedIn } from './sign-in';

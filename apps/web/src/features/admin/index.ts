/** The admin shell's face: its route (the guard, then the lazily loaded admin area). */
export { adminRoutes } from './admin-routes';

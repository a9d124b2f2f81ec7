/** The roles feature's face: the roles a user can be given. */
export { useRoles } from './api/use-roles';

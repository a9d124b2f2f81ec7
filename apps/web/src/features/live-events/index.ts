/**
 * The staff live events' face: the admin layout mounts them (and shows their status), the staff
 * screens refresh with them. Staff code only: no shopper screen imports this face.
 */
export { StaffLiveEvents, useStaffLive, type LiveStatus } from './staff-live-events';

/** The inventory feature's face: which lots an order line is picked from. */
export { lotsTaken } from './lots-taken';

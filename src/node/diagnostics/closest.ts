/** "Did you mean …" lives in src/shared (the reading kit uses it); the node stages import it from here until they move onto the kit. */
export { closest } from '../../shared/closest.js'

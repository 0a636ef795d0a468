/** What other features use of the inbox feature (its other files are its own). */
export { platformConfigKey } from './header-bell';

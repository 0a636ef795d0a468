/** What other features use of the assets feature (its other files are its own). */
export { assetKeys } from './queries';

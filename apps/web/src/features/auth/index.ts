/** What other features use of the auth feature (its other files are its own). */
export { FormError } from './components/form-error';
export { describeAuthError } from './errors';
export { sessionKeys, useMe } from './queries';
export { useCan } from './session';

/**
 * English (`en`): the reference strings of `../en.ts`, which the provider bundles anyway. The loader
 * resolves `en` from there without a chunk; this file keeps "one file per language" true.
 */
export { en as translations } from '../en';

/** What other features use of saved views and home pages (its other files are its own). */
export { HomePageSetting } from './components/home-page-setting';
export { SavedViewsMenu } from './components/views-menu';
export { homePageQueryOptions, savedViewKeys } from './queries';

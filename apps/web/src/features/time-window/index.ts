export { loaderPageNow, nudgeLiveWindows, useLiveNow } from './live-clock';
export { loaderWindow } from './loader-window';
export { automaticFrequency, frequencyChoices, resolveTimeWindow, spanLabel } from './resolve';
export { EMPTY_TIME_WINDOW_SEARCH, type TTimeWindowSearch, ZTimeWindowSearch } from './search';
export { TimeWindowControl } from './time-window-control';
export { type TTimeWindowApi, useTimeWindow } from './use-time-window';

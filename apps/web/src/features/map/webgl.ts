/**
 * Whether the browser has WebGL at all. Checked before the map code is even downloaded: jsdom
 * (unit tests) and some locked-down browsers lack it, and they get the list instead of a broken map.
 * A browser that has the API but cannot create a context is caught when the map starts.
 */
export function browserHasWebGl(): boolean {
  return typeof window !== 'undefined' && typeof window.WebGLRenderingContext !== 'undefined';
}

/** How ←/→ move along a row of tabs: +1 forward, -1 back (mirrored right to left), 0 otherwise. */
export function tabStep(key: string, dir: 'ltr' | 'rtl'): 1 | -1 | 0 {
  if (key === (dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight')) return 1;
  if (key === (dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft')) return -1;
  return 0;
}

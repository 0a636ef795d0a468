/**
 * Paper is white and browsers leave background colours out when printing, so a report printed
 * from the dark theme would come out as pale text on white. While the page prints (the "Print"
 * button, or the browser's own print and "Save as PDF"), the light theme's colours are used;
 * the screen's scheme comes back when printing ends. Returns the function that stops it.
 */
export function printInLight(root: HTMLElement = document.documentElement): () => void {
  const attribute = 'data-mantine-color-scheme';
  let screen: string | null = null;
  const before = () => {
    screen = root.getAttribute(attribute);
    root.setAttribute(attribute, 'light');
  };
  const after = () => {
    if (screen !== null) root.setAttribute(attribute, screen);
    screen = null;
  };
  window.addEventListener('beforeprint', before);
  window.addEventListener('afterprint', after);
  return () => {
    window.removeEventListener('beforeprint', before);
    window.removeEventListener('afterprint', after);
  };
}
